import { useSyncExternalStore, type ReactNode } from 'react'
import { TOAST_REMOVE_DELAY_MS } from '@shared/constants'

// Spec §9: one toast at a time.
const TOAST_LIMIT = 1

export type ToastVariant = 'default' | 'destructive'

export interface ToastOptions {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  /** Milliseconds before it closes itself; the provider's default (5000) when omitted. */
  duration?: number
}

export interface ToastItem extends ToastOptions {
  id: string
  open: boolean
}

let toasts: ToastItem[] = []
let counter = 0
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function emit(next: ToastItem[]) {
  toasts = next
  listeners.forEach((listener) => listener())
}

// A dismissed toast stays mounted (closed) so Radix can finish its exit; it is removed later.
function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      emit(toasts.filter((item) => item.id !== id))
    }, TOAST_REMOVE_DELAY_MS),
  )
}

export function dismissToast(id?: string) {
  emit(
    toasts.map((item) => {
      if (id === undefined || item.id === id) {
        scheduleRemoval(item.id)
        return { ...item, open: false }
      }
      return item
    }),
  )
}

/** Shows a toast from anywhere (components, mutation callbacks, plain functions). */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return {
    id,
    dismiss: () => dismissToast(id),
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const getSnapshot = () => toasts

export function useToasts() {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}

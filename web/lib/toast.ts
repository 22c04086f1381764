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
  /** One button (Undo): `altText` tells screen readers how else to do it. */
  action?: { label: string; altText: string; onClick: () => void }
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

// A toast followed at once by a full page navigation would vanish with the page (before the
// lazily loaded toaster even shows it): it is carried to the next page in session storage.
const CARRIED_TOAST_KEY = 'carriedToast'

interface CarriedToast {
  title: string
  description?: string
  variant?: ToastVariant
}

/** Shows the toast on the page that a full navigation, started right after this call, opens. */
export function toastAfterNavigation(options: CarriedToast) {
  try {
    window.sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify(options))
  } catch {
    toast(options)
  }
}

/** Shows (once) a toast carried over from the previous page, if any. */
export function showCarriedToast() {
  let raw: string | null = null
  try {
    raw = window.sessionStorage.getItem(CARRIED_TOAST_KEY)
    window.sessionStorage.removeItem(CARRIED_TOAST_KEY)
  } catch {
    return
  }
  if (!raw) return
  try {
    const carried = JSON.parse(raw) as Partial<CarriedToast> | null
    if (typeof carried?.title !== 'string') return
    toast({
      title: carried.title,
      description: typeof carried.description === 'string' ? carried.description : undefined,
      variant: carried.variant === 'destructive' ? 'destructive' : 'default',
    })
  } catch {
    // A malformed entry is dropped.
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

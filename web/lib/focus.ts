import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After a change that removed the focused element (a deleted card, a dialog whose trigger is
 * gone), puts focus back into the page's main region instead of leaving it on <body>.
 */
export function keepFocusInPage() {
  requestAnimationFrame(() => {
    const active = document.activeElement
    if (!active || active === document.body) document.getElementById('main-content')?.focus()
  })
}

/**
 * For a dialog opened from state rather than a trigger: `remember()` as it opens notes the
 * focused element; `onCloseAutoFocus` (the dialog content's) puts focus back there as it
 * closes, or into the page when that element is gone (a removed row's button).
 */
export function useReturnFocus() {
  const returnTo = useRef<HTMLElement | null>(null)
  return {
    remember() {
      returnTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault()
      if (returnTo.current?.isConnected) returnTo.current.focus()
      else keepFocusInPage()
    },
  }
}

/** How long the page looks for the element the address names (its list may still be loading). */
const HASH_TARGET_WAIT_MS = 5_000

/**
 * Brings the element the address's hash names (`#comment-…`, `#file-…`: where a search result
 * points) into view once it is on the page, focuses it and marks it (`data-targeted`) for a few
 * seconds; again whenever the hash changes.
 */
export function useHashTarget() {
  const { hash } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!id) return
    const started = performance.now()
    let frame = 0
    let unmark: ReturnType<typeof setTimeout> | undefined
    const look = () => {
      const target = document.getElementById(id)
      if (!target) {
        if (performance.now() - started < HASH_TARGET_WAIT_MS) frame = requestAnimationFrame(look)
        return
      }
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
      target.scrollIntoView({ block: 'center' })
      target.focus({ preventScroll: true })
      target.dataset.targeted = ''
      unmark = setTimeout(() => delete target.dataset.targeted, 4_000)
    }
    frame = requestAnimationFrame(look)
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(unmark)
    }
  }, [hash])
}

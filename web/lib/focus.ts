import { useRef } from 'react'

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

/** Whether this browser runs on Apple's systems, whose shortcut is ⌘K rather than Ctrl K. */
export const isApplePlatform = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/i.test(navigator.userAgent)

/** Where typing is typing: a `/` there is a character, never the search shortcut. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (!(target instanceof HTMLInputElement)) return false
  return !['button', 'checkbox', 'color', 'file', 'radio', 'range', 'reset', 'submit'].includes(
    target.type,
  )
}

/**
 * What a key press means for the search palette: Ctrl+K or ⌘K toggles it from anywhere; `/`
 * opens it when the focus is not in a text field. Neither acts inside another dialog or menu
 * (its own keys and focus come first).
 */
export function searchShortcut(event: KeyboardEvent, palette: string): 'toggle' | 'open' | null {
  if (event.defaultPrevented || event.isComposing || event.altKey) return null
  const target = event.target instanceof Element ? event.target : null
  const layer = target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')
  if (layer && !layer.closest(palette)) return null

  if ((event.metaKey || event.ctrlKey) && !event.shiftKey && event.key.toLowerCase() === 'k')
    return 'toggle'
  if (event.key === '/' && !event.metaKey && !event.ctrlKey && !isTextField(event.target))
    return 'open'
  return null
}

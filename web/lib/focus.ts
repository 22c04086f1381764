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

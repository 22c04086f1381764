// Applies the saved theme before first paint (loaded synchronously from index.html; CSP forbids inline scripts).
;(function () {
  try {
    var theme = window.localStorage.getItem('theme')
    if (
      theme === 'dark' ||
      (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
    )
      document.documentElement.classList.add('dark')
  } catch (_) {
    // Storage can be unavailable (privacy mode); the default light theme applies.
  }
})()

// Applies the saved theme before first paint (loaded synchronously from index.html; CSP forbids inline scripts).
;(function () {
  try {
    if (window.localStorage.getItem('theme') === 'dark')
      document.documentElement.classList.add('dark')
  } catch (_) {
    // Storage can be unavailable (privacy mode); the default light theme applies.
  }
})()

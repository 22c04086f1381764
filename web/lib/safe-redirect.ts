const DEFAULT_REDIRECT = '/dashboard'

/**
 * Returns `target` only when it is a same-origin path ("/x", never "//x", "/\x" or a full URL);
 * anything else falls back to the dashboard, so a crafted ?redirect= cannot leave the app.
 */
export function safeRedirect(
  target: string | null | undefined,
  fallback = DEFAULT_REDIRECT,
): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback
  }
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback
  try {
    const url = new URL(target, window.location.origin)
    if (url.origin !== window.location.origin) return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}

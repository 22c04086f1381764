/**
 * The browser's half of passkeys (`@simplewebauthn/browser`), loaded on first use so that no
 * page's initial JS carries it.
 */
export const webauthnBrowser = () => import('@simplewebauthn/browser')

/** Whether this browser can use passkeys at all (WebAuthn); checked without loading the library. */
export const browserSupportsPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

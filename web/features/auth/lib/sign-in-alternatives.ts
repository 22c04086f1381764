import { passkeyCancelled, passkeyFailureMessage } from '@/lib/passkey-failures'
import { webauthnBrowser } from '@/lib/passkeys'

// Signing in with a passkey from the sign-in page, loaded on first use (the form's first focus,
// or the button): the page's initial JS stays small (hooks/use-sign-in-alternatives.ts).

export { signInWithPasskey } from '../api/passkey-sign-in'

/** What to tell the person when signing in with a passkey failed; null when they cancelled it. */
export const passkeySignInFailure = (error: unknown) =>
  passkeyCancelled(error)
    ? null
    : passkeyFailureMessage(error, 'Your passkey could not be used. Please try again.')

/** Ends a passkey request still waiting (the autofill's), e.g. when the page moves on. */
export const cancelPasskeyRequest = () =>
  webauthnBrowser().then((browser) => browser.WebAuthnAbortService.cancelCeremony())

/** Whether the browser can offer passkeys in the e-mail field's autofill (conditional UI). */
export const browserOffersPasskeysInAutofill = () =>
  webauthnBrowser().then((browser) => browser.browserSupportsWebAuthnAutofill())

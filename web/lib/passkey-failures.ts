import { errorMessage, isApiError } from './api'

/** The person dismissed the browser's passkey prompt, or it timed out: nothing went wrong. */
export function passkeyCancelled(error: unknown) {
  if (isApiError(error)) return false
  const { name, code } = (error ?? {}) as { name?: string; code?: string }
  return code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError'
}

/** What to tell the person when a passkey ceremony failed (not for a cancelled one). */
export function passkeyFailureMessage(error: unknown, fallback: string) {
  if (isApiError(error)) return errorMessage(error, fallback)
  const { code } = (error ?? {}) as { code?: string }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'This device already has a passkey for your account.'
  if (code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT')
    return 'This security key cannot check a PIN or fingerprint, which a passkey needs here.'
  return fallback
}

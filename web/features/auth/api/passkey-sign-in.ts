import type { passkeysApi } from '@shared/api/passkeys'
import { endpoint } from '@shared/api/route'
import type { CurrentUser } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { authQueries } from '@/lib/queries/auth'
import { webauthnBrowser } from '@/lib/passkeys'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const options = endpoint<typeof passkeysApi.signInOptions>(
  'POST',
  '/api/auth/passkeys/login/options',
)
const verify = endpoint<typeof passkeysApi.signIn>('POST', '/api/auth/passkeys/login/verify')

export interface PasskeySignIn {
  /**
   * Offer the passkey in the e-mail field's autofill (conditional UI) instead of a prompt; the
   * call then waits until the person picks one there.
   */
  autofill?: boolean
  /**
   * Asked once the options arrive, before the browser is: a request the page no longer wants
   * must not start, since starting one ends whichever is already waiting (the button's prompt).
   */
  stillWanted?: () => boolean
}

/** Asks the browser for a passkey and signs in with it: no password. */
export async function signInWithPasskey({
  autofill = false,
  stillWanted = () => true,
}: PasskeySignIn = {}) {
  const browser = await webauthnBrowser()
  const optionsJSON = await call(options, { body: {} })
  if (!stillWanted()) throw new DOMException('No longer wanted', 'AbortError')
  const response = await browser.startAuthentication({ optionsJSON, useBrowserAutofill: autofill })
  return call(verify, { body: { response: { ...response, response: { ...response.response } } } })
}

export const useSignInWithPasskey = (
  mutationOptions?: MutationOptions<{ user: CurrentUser }, PasskeySignIn>,
) =>
  useApiMutation(
    signInWithPasskey,
    {
      update: (queryClient, { user }) => queryClient.setQueryData(authQueries.me().queryKey, user),
    },
    mutationOptions,
  )

import { passkeysApi } from '@shared/api/passkeys'
import type { SecondFactorProof } from '@shared/schemas/mfa'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api'
import { useApiMutation } from '@/lib/mutation'
import { webauthnBrowser } from '@/lib/passkeys'
import { secondFactorQueries } from './second-factors'

const all = ['auth', 'passkeys'] as const

/** The signed-in user's passkeys, oldest first. */
export const passkeyQueries = {
  all,
  list: () =>
    queryOptions({
      queryKey: [...all, 'list'],
      queryFn: ({ signal }) => call(passkeysApi.list, {}, { signal }),
    }),
}

const refresh = { invalidates: () => [all, secondFactorQueries.all] }

/** Refreshes the passkeys and the second factors' status (after an added passkey's dialog closes). */
export function useRefreshPasskeys() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [all, secondFactorQueries.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

/**
 * The whole ceremony: the server's options, the browser's prompt (fingerprint, face, PIN…), then
 * the server checks and keeps the new passkey.
 */
export async function addPasskey(name: string) {
  // The library loads while the options are asked for.
  const [browser, options] = await Promise.all([
    webauthnBrowser(),
    call(passkeysApi.registerOptions),
  ])
  const response = await browser.startRegistration({
    // The server's JSON is `@simplewebauthn/server`'s; shared/ checks only its challenge.
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  })
  return call(passkeysApi.register, {
    body: { response: { ...response, response: { ...response.response } }, name },
  })
}

/**
 * Not refreshed here: with one's first second factor the dialog shows the recovery codes, and
 * refreshes as it closes (useRefreshPasskeys).
 */
export const useAddPasskey = () => useApiMutation(addPasskey, {})

export const useRenamePasskey = () =>
  useApiMutation(
    ({ id, name }: { id: string; name: string }) =>
      call(passkeysApi.rename, { params: { id }, body: { name } }),
    refresh,
  )

export const useRemovePasskey = () =>
  useApiMutation(
    ({ id, proof }: { id: string; proof: SecondFactorProof }) =>
      call(passkeysApi.remove, { params: { id }, body: proof }),
    refresh,
  )

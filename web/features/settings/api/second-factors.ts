import { mfaApi } from '@shared/api/mfa'
import type { SecondFactorProof } from '@shared/schemas/mfa'
import { queryOptions } from '@tanstack/react-query'
import { call } from '@/lib/api'
import { useApiMutation } from '@/lib/mutation'

const all = ['auth', 'mfa'] as const

/** The signed-in user's second factors. */
export const secondFactorQueries = {
  all,
  status: () =>
    queryOptions({
      queryKey: [...all, 'status'],
      queryFn: ({ signal }) => call(mfaApi.status, {}, { signal }),
    }),
}

const refresh = { invalidates: () => [all] }

export const useSetupTotp = () => useApiMutation(() => call(mfaApi.setupTotp), {})

/** Not refreshed here: the dialog showing the recovery codes refreshes the status as it closes. */
export const useConfirmTotp = () =>
  useApiMutation((code: string) => call(mfaApi.confirmTotp, { body: { code } }), {})

export const useRemoveTotp = () =>
  useApiMutation((proof: SecondFactorProof) => call(mfaApi.removeTotp, { body: proof }), refresh)

export const useRegenerateRecoveryCodes = () =>
  useApiMutation(
    (proof: SecondFactorProof) => call(mfaApi.regenerateRecoveryCodes, { body: proof }),
    {},
  )

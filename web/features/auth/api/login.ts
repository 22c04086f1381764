import type { authApi } from '@shared/api/auth'
import type { mfaApi } from '@shared/api/mfa'
import { endpoint } from '@shared/api/route'
import type { CurrentUser, LoginInput, LoginReply } from '@shared/schemas/auth'
import type { MfaVerifyInput } from '@shared/schemas/mfa'
import type { QueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { authQueries } from '@/lib/queries/auth'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.login>('POST', '/api/auth/login')
const secondStep = endpoint<typeof mfaApi.verify>('POST', '/api/auth/mfa/verify')

const signedIn = (queryClient: QueryClient, user: CurrentUser) => {
  queryClient.setQueryData(authQueries.me().queryKey, user)
}

export const login = (body: LoginInput) => call(route, { body })

/** The password step: signed in, or (with a second factor) `mfaRequired` and no session yet. */
export const useLogin = (options?: MutationOptions<LoginReply, LoginInput>) =>
  useApiMutation(
    login,
    {
      update: (queryClient, reply) => {
        if ('user' in reply) signedIn(queryClient, reply.user)
      },
    },
    options,
  )

export const verifySecondFactor = (body: MfaVerifyInput) => call(secondStep, { body })

/** The second step: a code from the authenticator app, or a recovery code. */
export const useVerifySecondFactor = (
  options?: MutationOptions<{ user: CurrentUser }, MfaVerifyInput>,
) =>
  useApiMutation(
    verifySecondFactor,
    { update: (queryClient, { user }) => signedIn(queryClient, user) },
    options,
  )

import { singleSignOnApi } from '@shared/api/single-sign-on'
import type { SsoConnectionInput, SsoSettingsDto } from '@shared/schemas/single-sign-on'
import { queryOptions } from '@tanstack/react-query'
import { call, urlOf } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'

const settings = ['single-sign-on'] as const

/** The company's single sign-on: its provider (never the secret) and the redirect URI. */
export const singleSignOnQueries = {
  all: settings,
  get: () =>
    queryOptions({
      queryKey: settings,
      queryFn: ({ signal }) => call(singleSignOnApi.get, {}, { signal }),
    }),
}

/** A real sign-in through the saved provider (a full navigation: the provider is elsewhere). */
export const ssoTestSignInUrl = (email: string) =>
  urlOf(singleSignOnApi.start, { query: { email } })

export const saveSingleSignOn = (body: SsoConnectionInput) => call(singleSignOnApi.save, { body })

export const useSaveSingleSignOn = (
  options?: MutationOptions<SsoSettingsDto, SsoConnectionInput>,
) =>
  useApiMutation(
    saveSingleSignOn,
    {
      // The reply is the set-up as it now is; the dashboard's activity names the change.
      update: (queryClient, saved) =>
        queryClient.setQueryData(singleSignOnQueries.get().queryKey, saved),
      invalidates: () => [dashboardQueries.all],
    },
    options,
  )

export const removeSingleSignOn = () => call(singleSignOnApi.remove)

export const useRemoveSingleSignOn = (options?: MutationOptions<void, void>) =>
  useApiMutation(
    removeSingleSignOn,
    { invalidates: () => [singleSignOnQueries.all, dashboardQueries.all] },
    options,
  )

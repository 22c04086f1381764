import { apiTokensApi } from '@shared/api/api-tokens'
import type { z } from 'zod'
import type { createApiTokenInput } from '@shared/schemas/api-tokens'
import { call } from '@/lib/api'
import { useApiMutation } from '@/lib/mutation'
import { apiTokenQueries } from '@/lib/queries/api-tokens'

const refresh = { invalidates: () => [apiTokenQueries.all] }

export const useCreateApiToken = () =>
  useApiMutation(
    (body: z.output<typeof createApiTokenInput>) => call(apiTokensApi.create, { body }),
    refresh,
  )

export const useRevokeApiToken = () =>
  useApiMutation((id: string) => call(apiTokensApi.revoke, { params: { id } }), refresh)

import { apiTokensApi } from '@shared/api/api-tokens'
import { call } from '@/lib/api'
import { useApiMutation } from '@/lib/mutation'
import { apiTokenQueries } from '@/lib/queries/api-tokens'

export const useRevokeCompanyApiToken = () =>
  useApiMutation((id: string) => call(apiTokensApi.revokeCompany, { params: { id } }), {
    invalidates: () => [apiTokenQueries.all],
  })

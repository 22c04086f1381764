import { requestsApi } from '@shared/api/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

export const deleteRequest = (id: string) => call(requestsApi.remove, { params: { id } })

export const useDeleteRequest = (options?: MutationOptions<void, string>) =>
  useApiMutation(deleteRequest, { invalidates: requestChanges }, options)

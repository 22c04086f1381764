import { requestsApi } from '@shared/api/requests'
import type { AuditRequest, UpdateRequestInput } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  id: string
  input: UpdateRequestInput
}

export const updateRequest = ({ id, input }: Variables) =>
  call(requestsApi.update, { params: { id }, body: input })

export const useUpdateRequest = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(updateRequest, { invalidates: requestChanges }, options)

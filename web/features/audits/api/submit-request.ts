import { requestsApi } from '@shared/api/requests'
import type { BodyOf } from '@shared/api/route'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  id: string
  input: BodyOf<typeof requestsApi.submit>
}

export const submitRequest = ({ id, input }: Variables) =>
  call(requestsApi.submit, { params: { id }, body: input })

export const useSubmitRequest = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(submitRequest, { invalidates: requestChanges }, options)

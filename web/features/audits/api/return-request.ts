import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  id: string
  reason: string
}

export const returnRequest = ({ id, reason }: Variables) =>
  call(requestsApi.return, { params: { id }, body: { reason } })

export const useReturnRequest = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(returnRequest, { invalidates: requestChanges }, options)

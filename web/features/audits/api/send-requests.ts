import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  auditId: string
  requestIds: string[]
}

export const sendRequests = ({ auditId, requestIds }: Variables) =>
  call(requestsApi.send, { params: { id: auditId }, body: { requestIds } })

export const useSendRequests = (options?: MutationOptions<AuditRequest[], Variables>) =>
  useApiMutation(sendRequests, { invalidates: requestChanges }, options)

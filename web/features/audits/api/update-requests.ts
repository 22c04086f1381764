import { requestsApi } from '@shared/api/requests'
import type { AuditRequest, BulkUpdateRequestsInput } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  auditId: string
  input: BulkUpdateRequestsInput
}

/** The assignee and/or due date of several requests of one audit: all or nothing. */
export const updateRequests = ({ auditId, input }: Variables) =>
  call(requestsApi.bulkUpdate, { params: { id: auditId }, body: input })

export const useUpdateRequests = (options?: MutationOptions<AuditRequest[], Variables>) =>
  useApiMutation(updateRequests, { invalidates: requestChanges }, options)

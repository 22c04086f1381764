import { requestsApi } from '@shared/api/requests'
import type { BulkActionInput, BulkActionReply } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  auditId: string
  input: BulkActionInput
}

/** One action for many requests of an audit: all or nothing (POST …/requests/bulk). */
export const bulkRequests = ({ auditId, input }: Variables) =>
  call(requestsApi.bulk, { params: { id: auditId }, body: input })

export const useBulkRequests = (options?: MutationOptions<BulkActionReply, Variables>) =>
  useApiMutation(bulkRequests, { invalidates: requestChanges }, options)

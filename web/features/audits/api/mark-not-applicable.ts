import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  id: string
  reason: string
}

export const markNotApplicable = ({ id, reason }: Variables) =>
  call(requestsApi.notApplicable, { params: { id }, body: { reason } })

export const useMarkNotApplicable = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(markNotApplicable, { invalidates: requestChanges }, options)

import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  id: string
  /** The draft's new place among the audit's drafts, 0 first. */
  position: number
}

export const moveRequest = ({ id, position }: Variables) =>
  call(requestsApi.move, { params: { id }, body: { position } })

export const useMoveRequest = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(moveRequest, { invalidates: requestChanges }, options)

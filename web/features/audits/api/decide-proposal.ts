import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

/** The firm agrees with the client: not applicable, for the client's reason. */
export const acceptProposal = (id: string) => call(requestsApi.acceptProposal, { params: { id } })

/** The firm declines the client's proposal, saying why: back to the client. */
export const declineProposal = ({ id, reason }: { id: string; reason: string }) =>
  call(requestsApi.declineProposal, { params: { id }, body: { reason } })

export const useAcceptProposal = (options?: MutationOptions<AuditRequest, string>) =>
  useApiMutation(acceptProposal, { invalidates: requestChanges }, options)

export const useDeclineProposal = (
  options?: MutationOptions<AuditRequest, { id: string; reason: string }>,
) => useApiMutation(declineProposal, { invalidates: requestChanges }, options)

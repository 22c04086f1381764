import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

export const acceptRequest = (id: string) => call(requestsApi.accept, { params: { id } })

export const useAcceptRequest = (options?: MutationOptions<AuditRequest, string>) =>
  useApiMutation(acceptRequest, { invalidates: requestChanges }, options)

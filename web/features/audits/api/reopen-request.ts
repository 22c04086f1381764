import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

export const reopenRequest = (id: string) => call(requestsApi.reopen, { params: { id } })

export const useReopenRequest = (options?: MutationOptions<AuditRequest, string>) =>
  useApiMutation(reopenRequest, { invalidates: requestChanges }, options)

import { requestsApi } from '@shared/api/requests'
import type { AuditRequest, CreateRequestInput } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  auditId: string
  input: CreateRequestInput
}

export const createRequest = ({ auditId, input }: Variables) =>
  call(requestsApi.create, { params: { id: auditId }, body: input })

export const useCreateRequest = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(createRequest, { invalidates: requestChanges }, options)

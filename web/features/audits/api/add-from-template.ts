import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  auditId: string
  templateId: string
}

export const addFromTemplate = ({ auditId, templateId }: Variables) =>
  call(requestsApi.fromTemplate, { params: { id: auditId }, body: { templateId } })

export const useAddFromTemplate = (options?: MutationOptions<AuditRequest[], Variables>) =>
  useApiMutation(addFromTemplate, { invalidates: requestChanges }, options)

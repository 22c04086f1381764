import { requestsApi } from '@shared/api/requests'
import type { AuditSection } from '@shared/schemas/requests'
import type { MoveSectionInput } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestQueries } from '@/lib/queries/requests'
import { requestChanges } from './invalidate'

interface Variables {
  auditId: string
  input: MoveSectionInput
}

export const moveAuditSection = ({ auditId, input }: Variables) =>
  call(requestsApi.moveSection, { params: { id: auditId }, body: input })

export const useMoveAuditSection = (options?: MutationOptions<AuditSection[], Variables>) =>
  useApiMutation(
    moveAuditSection,
    {
      update: (queryClient, sections, { auditId }) =>
        queryClient.setQueryData(requestQueries.sections(auditId).queryKey, sections),
      invalidates: requestChanges,
    },
    options,
  )

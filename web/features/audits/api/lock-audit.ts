import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail } from '@shared/schemas/audits'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { auditQueries } from '@/lib/queries/engagements'
import { requestChanges } from './invalidate'

/** Completes the audit (locking it) or, an admin's, reopens it. */
export const setAuditLock = ({ auditId, locked }: { auditId: string; locked: boolean }) =>
  call(locked ? auditsApi.complete : auditsApi.reopen, { params: { id: auditId } })

export const useSetAuditLock = (
  options?: MutationOptions<AuditDetail, { auditId: string; locked: boolean }>,
) =>
  useApiMutation(
    setAuditLock,
    {
      // The reply is the audit's page as it now is; what its requests allow changed with it.
      update: (queryClient, audit) =>
        queryClient.setQueryData(auditQueries.detail(audit.id).queryKey, audit),
      invalidates: () => [auditQueries.lists, ...requestChanges()],
    },
    options,
  )

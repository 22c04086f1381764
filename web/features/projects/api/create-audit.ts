import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail, CreateAuditInput } from '@shared/schemas/audits'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { auditQueries, dashboardQueries } from '@/lib/queries/engagements'

export const createAudit = (body: CreateAuditInput) => call(auditsApi.create, { body })

export const useCreateAudit = (options?: MutationOptions<AuditDetail, CreateAuditInput>) =>
  useApiMutation(
    createAudit,
    {
      invalidates: (audit) => [auditQueries.list(audit.projectId).queryKey, dashboardQueries.all],
    },
    options,
  )

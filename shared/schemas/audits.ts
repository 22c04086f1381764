import { z } from 'zod'
import { calendarDate, LIMITS, optionalText, requiredText, timestamps } from './common'

export const AUDIT_STATUSES = ['in_progress', 'in_review', 'completed'] as const
export const auditStatus = z.enum(AUDIT_STATUSES, {
  error: 'Status must be in_progress, in_review or completed',
})
export const AUDIT_STATUS_LABELS = {
  in_progress: 'In Progress',
  in_review: 'In Review',
  completed: 'Completed',
} as const

const auditFields = {
  name: requiredText('Name'),
  description: optionalText('Description', LIMITS.description),
  projectId: z.uuid({ error: 'Project is required' }),
  status: auditStatus,
  dueDate: calendarDate.nullable(),
}

export const createAuditInput = z.strictObject({
  ...auditFields,
  description: auditFields.description.optional().default(null),
  status: auditStatus.default('in_progress'),
  dueDate: auditFields.dueDate.optional().default(null),
  /** The audit starts with one draft request per item of this template (a copy). */
  templateId: z.uuid({ error: 'Template must be a valid id' }).optional(),
})
export type CreateAuditInput = z.input<typeof createAuditInput>

/** An audit stays in its project: projectId is not editable. */
const { projectId: _projectId, ...editableAuditFields } = auditFields
export const updateAuditInput = z.strictObject(editableAuditFields).partial()
export type UpdateAuditInput = z.input<typeof updateAuditInput>

export const listAuditsQuery = z.strictObject({
  projectId: z.uuid({ error: 'projectId must be a valid id' }),
})

export const auditDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  projectId: z.string(),
  status: auditStatus,
  dueDate: z.string().nullable(),
  ...timestamps,
})
export type Audit = z.infer<typeof auditDto>

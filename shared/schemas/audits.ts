import { z } from 'zod'
import { AUDIT_ACTIONS } from '../access'
import { calendarDate, id, LIMITS, optionalText, requiredText, timestamps } from './common'
import { pageFields } from './pagination'
import { progressDto } from './requests'

export const AUDIT_STATUSES = ['in_progress', 'in_review', 'completed'] as const
export const auditStatus = z.enum(AUDIT_STATUSES, {
  error: 'Status must be in_progress, in_review or completed',
})
export type AuditStatus = z.infer<typeof auditStatus>

/** What every change to a completed (locked) audit is refused with (409). */
export const AUDIT_LOCKED_MESSAGE =
  'This audit is completed and locked: an admin must reopen it before anything in it changes'
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

/** How far a roll-forward moves due dates by default (a year), and at most (ten years). */
export const ROLL_FORWARD_DAYS = { default: 365, max: 3650 } as const

/** Next period's audit from this one: in a project of the same client, its dates moved. */
export const rollForwardInput = z.strictObject({
  projectId: z.uuid({ error: 'Project is required' }),
  name: requiredText('Name'),
  shiftDays: z
    .number({ error: 'Days must be a whole number' })
    .int('Days must be a whole number')
    .min(-ROLL_FORWARD_DAYS.max, `Days must be at least -${ROLL_FORWARD_DAYS.max}`)
    .max(ROLL_FORWARD_DAYS.max, `Days must be at most ${ROLL_FORWARD_DAYS.max}`)
    .default(ROLL_FORWARD_DAYS.default),
  /**
   * Each new request shows last period's accepted answer (its words and files) for reference, to
   * the firm and the client.
   */
  linkPrevious: z.boolean({ error: 'linkPrevious must be true or false' }).default(false),
})
export type RollForwardInput = z.input<typeof rollForwardInput>

/** What a roll-forward would copy, before anything is written. */
export const rollForwardPreviewDto = z
  .object({
    /** Requests copied as drafts (all of them, whatever their status). */
    requests: z.number().int(),
    /** How many of them in each section, in the order the sections first come (null: none). */
    sections: z.array(z.object({ name: z.string().nullable(), requests: z.number().int() })),
    /** The new audit's due date: the old one's, moved (null: it had none). */
    dueDate: z.string().nullable(),
    /** The requests' due dates once moved: the first and last, and how many have none. */
    firstDue: z.string().nullable(),
    lastDue: z.string().nullable(),
    withoutDueDate: z.number().int(),
    /** Each assignee of the old requests: kept, or dropped and why. */
    assignees: z.array(
      z.object({
        name: z.string(),
        requests: z.number().int(),
        kept: z.boolean(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'RollForwardPreview' })
export type RollForwardPreview = z.infer<typeof rollForwardPreviewDto>

/** An audit stays in its project: projectId is not editable. */
const { projectId: _projectId, ...editableAuditFields } = auditFields
export const updateAuditInput = z
  .strictObject({
    ...editableAuditFields,
    /** No reminder goes out for any of its requests while set. */
    remindersPaused: z.boolean({ error: 'remindersPaused must be true or false' }),
  })
  .partial()
export type UpdateAuditInput = z.input<typeof updateAuditInput>

export const listAuditsQuery = z.strictObject({
  projectId: z.uuid({ error: 'projectId must be a valid id' }),
  ...pageFields,
})

/** A member of the firm on an audit's team. */
export const teamMemberDto = z
  .object({ id: z.string(), name: z.string(), email: z.string() })
  .meta({ id: 'TeamMember' })
export type TeamMember = z.infer<typeof teamMemberDto>

export const auditDto = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    projectId: z.string(),
    status: auditStatus,
    dueDate: z.string().nullable(),
    /** Who runs the audit for the firm (its creator unless changed); later features notify them. */
    lead: teamMemberDto.nullable(),
    /** No reminder goes out for any of its requests while set. */
    remindersPaused: z.boolean(),
    /** What the caller may do with this audit now (server/access/can.ts decides). */
    allowedActions: z.array(z.enum(AUDIT_ACTIONS)),
    ...timestamps,
  })
  .meta({ id: 'Audit' })
export type Audit = z.infer<typeof auditDto>

/** An audit of a project's list, with the progress of its requests (those the caller sees). */
export const auditListItemDto = auditDto
  .extend({ progress: progressDto })
  .meta({ id: 'AuditListItem' })
export type AuditListItem = z.infer<typeof auditListItemDto>

/** One audit: its whole team (the lead and the other members, by name). */
export const auditDetailDto = auditDto
  .extend({
    members: z.array(teamMemberDto),
    /** Where the audit sits, by name (the page's breadcrumbs). */
    project: z.object({ id: z.string(), name: z.string() }),
    client: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: 'AuditDetail' })
export type AuditDetail = z.infer<typeof auditDetailDto>

export const TEAM_MAX = 100

/** PUT /api/audits/{id}/team: the lead and the other members, all of them the firm's people. */
export const updateTeamInput = z.strictObject({
  leadId: id.nullable(),
  memberIds: z
    .array(id, { error: 'memberIds must be a list of ids' })
    .max(TEAM_MAX, `A team can have at most ${TEAM_MAX} members`)
    .refine((ids) => new Set(ids).size === ids.length, 'A member is listed twice'),
})
export type UpdateTeamInput = z.input<typeof updateTeamInput>

import { z } from 'zod'
import { id } from './common'
import { pageFields } from './pagination'

/** What the activity log records (the closed set the database accepts). */
export const ACTIVITY_ACTIONS = [
  'organization.updated',
  'organization.security_changed',
  'organization.sso_changed',
  'user.role_changed',
  'user.removed',
  'invitation.sent',
  'invitation.resent',
  'invitation.accepted',
  'invitation.revoked',
  'password.changed',
  'mfa.enabled',
  'mfa.disabled',
  'passkey.added',
  'passkey.removed',
  'request.created',
  'request.updated',
  'request.moved',
  'request.deleted',
  'request.commented',
  'request.noted',
  'request.sent',
  'request.submitted',
  'request.accepted',
  'request.reopened',
  'request.reworded',
  'request.returned',
  'request.not_applicable',
  'request.not_applicable_proposed',
  'request.proposal_accepted',
  'request.proposal_declined',
  'request.question_asked',
  'request.files_added',
  'request.file_removed',
  'audit.created',
  'audit.updated',
  'audit.deleted',
  'audit.team_changed',
  'audit.completed',
  'audit.reopened',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

/** Reads as "{actor} {label} {target}", e.g. "Ada Lovelace invited bob@example.com". */
export const ACTIVITY_ACTION_LABELS = {
  'organization.updated': 'updated the company details of',
  'organization.security_changed': 'changed the sign-in policy of',
  'organization.sso_changed': 'changed the single sign-on of',
  'user.role_changed': 'changed the role of',
  'user.removed': 'removed',
  'invitation.sent': 'invited',
  'invitation.resent': 'resent the invitation to',
  'invitation.accepted': 'accepted the invitation for',
  'invitation.revoked': 'revoked the invitation to',
  'password.changed': 'changed the password of',
  'mfa.enabled': 'turned on two-factor sign-in for',
  'mfa.disabled': 'turned off two-factor sign-in for',
  'passkey.added': 'added a passkey for',
  'passkey.removed': 'removed a passkey of',
  'request.created': 'created the request',
  'request.updated': 'changed the request',
  'request.moved': 'moved the request',
  'request.deleted': 'deleted the request',
  'request.commented': 'commented on the request',
  'request.noted': 'wrote an internal note on the request',
  'request.sent': 'sent the request',
  'request.submitted': 'submitted the request',
  'request.accepted': 'accepted the request',
  'request.reopened': 'reopened the request',
  'request.reworded': 'changed the wording of the request',
  'request.returned': 'returned the request',
  'request.not_applicable': 'marked as not applicable the request',
  'request.not_applicable_proposed': 'proposed as not applicable the request',
  'request.proposal_accepted': 'agreed to mark as not applicable the request',
  'request.proposal_declined': 'declined to mark as not applicable the request',
  'request.question_asked': 'asked a question on the request',
  'request.files_added': 'added files to the request',
  'request.file_removed': 'removed a file from the request',
  'audit.team_changed': 'changed the team of the audit',
  'audit.completed': 'completed and locked the audit',
  'audit.reopened': 'reopened the audit',
  'audit.created': 'created the audit',
  'audit.updated': 'changed the audit',
  'audit.deleted': 'deleted the audit',
} as const satisfies Record<ActivityAction, string>

export const RECENT_ACTIVITY_LIMIT = 20

/** The kinds the trail can be narrowed to (GET /api/audits/{id}/activity?kind=). */
export const ACTIVITY_KINDS = {
  planning: [
    'request.created',
    'request.updated',
    'request.moved',
    'request.deleted',
    'request.reworded',
  ],
  status: [
    'request.sent',
    'request.submitted',
    'request.accepted',
    'request.reopened',
    'request.returned',
    'request.not_applicable',
    'request.not_applicable_proposed',
    'request.proposal_accepted',
    'request.proposal_declined',
  ],
  files: ['request.files_added', 'request.file_removed'],
  comments: ['request.commented', 'request.noted', 'request.question_asked'],
  audit: [
    'audit.created',
    'audit.updated',
    'audit.deleted',
    'audit.team_changed',
    'audit.completed',
    'audit.reopened',
  ],
} as const satisfies Record<string, readonly ActivityAction[]>
export type ActivityKind = keyof typeof ACTIVITY_KINDS
/** The kinds, in the order the filters list them. */
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as ActivityKind[]
/** The kind an action is of (request.sent: status). */
export const activityKindOf = (action: ActivityAction) =>
  ACTIVITY_KIND_NAMES.find((kind) => (ACTIVITY_KINDS[kind] as readonly string[]).includes(action))
export const ACTIVITY_KIND_LABELS = {
  planning: 'Planning',
  status: 'Status',
  files: 'Files',
  comments: 'Comments',
  audit: 'Audit',
} as const satisfies Record<ActivityKind, string>

/**
 * The fields whose changes a `request.updated` or `audit.updated` event records, from what to
 * what (a request's title, an audit's name, a day, a status as its label).
 */
export const TRACKED_FIELDS = [
  'title',
  'name',
  'status',
  'description',
  'section',
  'reference',
  'answerType',
  'assignee',
  'dueDate',
  'reminders',
] as const
export type TrackedField = (typeof TRACKED_FIELDS)[number]
export const TRACKED_FIELD_LABELS = {
  title: 'Title',
  name: 'Name',
  status: 'Status',
  description: 'Description',
  section: 'Section',
  reference: 'Reference',
  answerType: 'Answer type',
  assignee: 'Assignee',
  dueDate: 'Due date',
  reminders: 'Reminders',
} as const satisfies Record<TrackedField, string>

/** How a change of reminders (a request's, an audit's) reads in the trail. */
export const remindersState = (paused: boolean) => (paused ? 'Paused' : 'On')

/** One field's change: the values as text when it happened (a name, a day), null for none. */
export const fieldChangeDto = z.object({
  field: z.enum(TRACKED_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
})
export type FieldChange = z.infer<typeof fieldChangeDto>

export const activityDto = z
  .object({
    id: z.string(),
    /** The actor's name when it happened (kept after the user is removed). */
    actor: z.string(),
    action: z.enum(ACTIVITY_ACTIONS),
    /** What it happened to, as text when it happened (an e-mail, a name, a company). */
    target: z.string(),
    /** What was said with it (a reason, a proposal's words), if anything. */
    detail: z.string().nullable(),
    /** What changed, from what to what (a `request.updated`); empty otherwise. */
    changes: z.array(fieldChangeDto),
    /**
     * The request it is about, while it exists, and where it sits (in the company's trail; the
     * request's own history leaves it out).
     */
    request: z
      .object({
        id: z.string(),
        auditId: z.string(),
        auditName: z.string(),
        clientName: z.string(),
      })
      .nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Activity' })
export type Activity = z.infer<typeof activityDto>

/** One event of an audit's trail: the request it was about (null: the audit, or a request since deleted). */
export const auditActivityDto = activityDto
  .omit({ request: true })
  .extend({
    /** Who did it, while their account exists. */
    actorId: z.string().nullable(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditActivity' })
export type AuditActivity = z.infer<typeof auditActivityDto>

const kindError = `kind must be one of ${Object.keys(ACTIVITY_KINDS).join(', ')}`

/** GET /api/audits/{id}/activity (and .csv): narrowed to one person's events, or one kind. */
export const auditActivityFilter = {
  actorId: id.optional(),
  kind: z
    .enum(Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]], { error: kindError })
    .optional(),
}
export const auditActivityQuery = z.strictObject({ ...pageFields, ...auditActivityFilter })
export type AuditActivityQuery = z.output<typeof auditActivityQuery>
export const auditActivityFileQuery = z.strictObject(auditActivityFilter)
export type AuditActivityFileQuery = z.output<typeof auditActivityFileQuery>

/** How many audits the firm's dashboard names under its overdue requests. */
export const OVERDUE_AUDITS_SHOWN = 5
/**
 * The overdue requests (and the answers awaiting review) are counted up to this many: a count at
 * it means at least that many.
 */
export const OVERDUE_COUNT_CAP = 1000

export const overdueSummaryDto = z
  .object({
    /** The firm's requests waiting for the client past their due date, up to OVERDUE_COUNT_CAP. */
    total: z.number().int(),
    /** Those of audits whose team the caller is on, up to OVERDUE_COUNT_CAP. */
    mine: z.number().int(),
    /**
     * At most OVERDUE_AUDITS_SHOWN audits with overdue requests: the caller's (most overdue first),
     * then the others whose overdue requests are the oldest.
     */
    audits: z.array(
      z.object({
        auditId: z.string(),
        auditName: z.string(),
        clientName: z.string(),
        overdue: z.number().int(),
        /** The earliest due date among them (YYYY-MM-DD). */
        oldestDueDate: z.string(),
        mine: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'OverdueSummary' })
export type OverdueSummary = z.infer<typeof overdueSummaryDto>

export const dashboardDto = z
  .object({
    totalClients: z.number().int(),
    activeProjects: z.number().int(),
    inProgressAudits: z.number().int(),
    completedItems: z.number().int(),
    /** The firm's overdue requests; null for a client user (their own list says what is late). */
    overdue: overdueSummaryDto.nullable(),
    /**
     * The firm's answers waiting for review (submitted requests), up to OVERDUE_COUNT_CAP; null for
     * a client user.
     */
    awaitingReview: z.number().int().nullable(),
    /** Newest first, at most RECENT_ACTIVITY_LIMIT. */
    recentActivity: z.array(activityDto),
  })
  .meta({ id: 'Dashboard' })
export type Dashboard = z.infer<typeof dashboardDto>

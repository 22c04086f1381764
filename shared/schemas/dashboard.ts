import { z } from 'zod'

/** What the activity log records (the closed set the database accepts). */
export const ACTIVITY_ACTIONS = [
  'organization.updated',
  'user.role_changed',
  'user.removed',
  'invitation.sent',
  'invitation.resent',
  'invitation.accepted',
  'invitation.revoked',
  'password.changed',
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
  'audit.team_changed',
  'audit.completed',
  'audit.reopened',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

/** Reads as "{actor} {label} {target}", e.g. "Ada Lovelace invited bob@example.com". */
export const ACTIVITY_ACTION_LABELS = {
  'organization.updated': 'updated the company details of',
  'user.role_changed': 'changed the role of',
  'user.removed': 'removed',
  'invitation.sent': 'invited',
  'invitation.resent': 'resent the invitation to',
  'invitation.accepted': 'accepted the invitation for',
  'invitation.revoked': 'revoked the invitation to',
  'password.changed': 'changed the password of',
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
} as const satisfies Record<ActivityAction, string>

export const RECENT_ACTIVITY_LIMIT = 20

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

/** How many audits the firm's dashboard names under its overdue requests. */
export const OVERDUE_AUDITS_SHOWN = 5
/** The overdue requests are counted up to this many: a count at it means at least that many. */
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
    /** Newest first, at most RECENT_ACTIVITY_LIMIT. */
    recentActivity: z.array(activityDto),
  })
  .meta({ id: 'Dashboard' })
export type Dashboard = z.infer<typeof dashboardDto>

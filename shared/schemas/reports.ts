import { z } from 'zod'
import { auditStatus } from './audits'
import { id } from './common'
import { pageFields, searchField } from './pagination'
import { projectStatus } from './projects'
import { requestStatus } from './requests'

/**
 * The figures of the firm's reports, defined once (the server computes them, the README explains
 * them, the tests recompute them from the requests):
 *
 * - **Days** are the firm's calendar days, in its time zone (Admin Settings): "today", the day a
 *   request was sent or closed, and how late it is.
 * - **Sent**: every request but the drafts (one marked not applicable before it was sent counts,
 *   as done).
 * - **Done**: accepted or not applicable. **Progress**: done over sent.
 * - **Overdue**: waiting for the client (sent or returned, nothing put to the firm) with a due
 *   date before today; **days overdue**: today minus the due date.
 * - **Client turnaround**: from a request's sending to its first submission. **Review
 *   turnaround**: from each submission to the firm's decision on it (returned, or accepted).
 *   Both the median over those that happened, in hours.
 * - **Return rate**: answers returned over answers submitted.
 * - **Open**: sent and not done. The burn-down counts, at the end of each day since the first
 *   sending, the requests open then (sent by then, not yet accepted or set aside), against those
 *   that their due dates would leave open (sent by then, due after that day or without a date).
 */

/** Overdue aging, by days late: 1–7, 8–30, over 30. `to` null: no upper bound. */
export const OVERDUE_AGING = [
  { key: 'week', from: 1, to: 7, label: '1–7 days' },
  { key: 'month', from: 8, to: 30, label: '8–30 days' },
  { key: 'older', from: 31, to: null, label: 'Over 30 days' },
] as const
export type OverdueAgingKey = (typeof OVERDUE_AGING)[number]['key']

/** At most this many points on a burn-down: a longer audit is drawn a few days a point. */
export const BURN_DOWN_POINTS = 120

const count = z.number().int().nonnegative()

export const auditReportDto = z
  .object({
    /** The firm's today (YYYY-MM-DD) in `timeZone`, from which lateness is counted. */
    today: z.string(),
    timeZone: z.string(),
    progress: z.object({ done: count, sent: count }),
    byStatus: z.record(requestStatus, count),
    overdue: z.object({
      total: count,
      aging: z.array(z.object({ key: z.enum(['week', 'month', 'older']), count })),
    }),
    turnaround: z.object({
      /** Median hours from sending to the first submission; null before any submission. */
      clientHours: z.number().nullable(),
      clientSamples: count,
      /** Median hours from a submission to its decision; null before any decision. */
      reviewHours: z.number().nullable(),
      reviewSamples: count,
    }),
    returns: z.object({ returned: count, submitted: count }),
    /** Open requests by assignee (null: nobody), most open first. */
    assignees: z.array(
      z.object({
        userId: z.string().nullable(),
        name: z.string().nullable(),
        open: count,
        overdue: count,
      }),
    ),
    burnDown: z.array(z.object({ day: z.string(), open: count, planned: count })),
  })
  .meta({ id: 'AuditReport' })
export type AuditReport = z.infer<typeof auditReportDto>

/**
 * The portfolio (GET /api/reports/portfolio): every audit of the firm with where it stands, in the
 * firm's time zone, with the figures above per audit and summed over the filter.
 *
 * - **Stage** tells apart what a status cannot: `not_sent` (no request sent yet: nothing is asked
 *   of the client), `open` (sent requests not done), `done` (every sent request done, the audit
 *   not completed yet), `completed` (completed and locked).
 * - **Client's last activity**: the latest submission, comment, question, proposal or upload by a
 *   client user on the audit. **Quiet days**: the firm's days since then, or since the first
 *   sending when the client has done nothing yet; null before anything was sent.
 * - **Slipping**: an open audit with a request overdue, or quiet for `quietDays` days or more.
 * - **Holder**: the client user with the most open requests waiting for the client (null: none
 *   assigned, or nothing waiting).
 * - **Next due date**: the earliest due date, today or later, of a request waiting for the client.
 */
export const AUDIT_STAGES = ['not_sent', 'open', 'done', 'completed'] as const
export type AuditStage = (typeof AUDIT_STAGES)[number]
export const AUDIT_STAGE_LABELS = {
  not_sent: 'Not sent',
  open: 'Open',
  done: 'All done',
  completed: 'Completed',
} as const satisfies Record<AuditStage, string>

/** Days without client activity after which an open audit is slipping, unless a filter says. */
export const QUIET_DAYS = { default: 14, max: 365 } as const

/**
 * The portfolio's orders, each then by audit name: `overdue` is by how late the most overdue
 * request is (most days late first, descending), `nextDue` and `dueDate` put blanks last.
 */
export const PORTFOLIO_SORTS = [
  'client',
  'audit',
  'progress',
  'overdue',
  'nextDue',
  'quiet',
  'dueDate',
] as const
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number]

const portfolioSortError = `sort must be one of ${PORTFOLIO_SORTS.join(', ')}, with a leading - for descending`
const quietDaysError = `quietDays must be a whole number from 1 to ${QUIET_DAYS.max}`

/** The filter of the portfolio (and of its XLSX and CSV, which take every row, not a page). */
export const portfolioFilter = {
  /** In the audit's, the project's or the client's name. */
  q: searchField.q,
  clientId: id.optional(),
  /** The audit's lead (one of the firm's people). */
  leadId: id.optional(),
  projectStatus: projectStatus.optional(),
  /** One stage, or several separated by commas (`not_sent,open`). */
  stage: z
    .string({ error: 'stage must be text' })
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined
      const stages = value.split(',')
      if (stages.every((stage) => (AUDIT_STAGES as readonly string[]).includes(stage)))
        return [...new Set(stages)] as AuditStage[]
      ctx.addIssue({
        code: 'custom',
        message: `stage must be one of ${AUDIT_STAGES.join(', ')}, or several separated by commas`,
      })
      return z.NEVER
    }),
  /** true: only the slipping audits; false: none of them. */
  slipping: z
    .enum(['true', 'false'], { error: 'slipping must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  quietDays: z.coerce
    .number({ error: quietDaysError })
    .int({ error: quietDaysError })
    .min(1, { error: quietDaysError })
    .max(QUIET_DAYS.max, { error: quietDaysError })
    .default(QUIET_DAYS.default),
  sort: z
    .string({ error: portfolioSortError })
    .optional()
    .transform((value, ctx) => {
      const text = value ?? 'client'
      const descending = text.startsWith('-')
      const field = descending ? text.slice(1) : text
      if ((PORTFOLIO_SORTS as readonly string[]).includes(field))
        return { field: field as PortfolioSort, descending }
      ctx.addIssue({ code: 'custom', message: portfolioSortError })
      return z.NEVER
    }),
}
export const portfolioFileQuery = z.strictObject(portfolioFilter)
export type PortfolioFileQuery = z.output<typeof portfolioFileQuery>
export const portfolioQuery = z.strictObject({ ...pageFields, ...portfolioFilter })
export type PortfolioQuery = z.output<typeof portfolioQuery>

const person = z.object({ id: z.string(), name: z.string() })

export const portfolioAuditDto = z
  .object({
    id: z.string(),
    name: z.string(),
    status: auditStatus,
    stage: z.enum(AUDIT_STAGES),
    /** The audit's own due date. */
    dueDate: z.string().nullable(),
    client: z.object({ id: z.string(), name: z.string() }),
    project: z.object({ id: z.string(), name: z.string(), status: projectStatus }),
    lead: person.nullable(),
    /** Every request, drafts included. */
    requests: count,
    progress: z.object({ done: count, sent: count }),
    /** Sent and not done. */
    open: count,
    /** Submitted, waiting for the firm's review. */
    awaitingReview: count,
    overdue: count,
    /** How late the most overdue request is, in days (0: none overdue). */
    mostDaysLate: count,
    nextDueDate: z.string().nullable(),
    lastClientActivityAt: z.string().nullable(),
    quietDays: count.nullable(),
    slipping: z.boolean(),
    holder: person.extend({ open: count }).nullable(),
  })
  .meta({ id: 'PortfolioAudit' })
export type PortfolioAudit = z.infer<typeof portfolioAuditDto>

export const portfolioDto = z
  .object({
    today: z.string(),
    timeZone: z.string(),
    quietDays: count,
    /** Summed over every audit the filter matches (all the pages). */
    totals: z.object({
      audits: count,
      slipping: count,
      byStage: z.record(z.enum(AUDIT_STAGES), count),
      byStatus: z.record(requestStatus, count),
      progress: z.object({ done: count, sent: count }),
      overdue: z.object({
        total: count,
        aging: z.array(z.object({ key: z.enum(['week', 'month', 'older']), count })),
      }),
    }),
    audits: z.array(portfolioAuditDto),
  })
  .meta({ id: 'Portfolio' })
export type Portfolio = z.infer<typeof portfolioDto>

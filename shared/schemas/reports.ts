import { z } from 'zod'
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

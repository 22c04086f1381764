import { z } from 'zod'

/**
 * My work (GET /api/my-work): what waits for one of the firm's people on the audits whose team
 * they are on, in the firm's calendar days (its time zone, Admin Settings).
 *
 * - **Reviews**: answers submitted on those audits, oldest submission first.
 * - **Overdue**: requests waiting for the client (sent or returned, nothing put to the firm) past
 *   their due date, by client: the client with the most late request first, and in each the most
 *   late first; **days late**: today minus the due date.
 * - **Due this week**: requests waiting for the client due from today to six days on, soonest
 *   first.
 *
 * Each list names a few; each total counts them all, up to MY_WORK_COUNT_CAP.
 */

/** How many reviews, and how many requests due this week, are named. */
export const MY_WORK_SHOWN = 10
/** How many clients the overdue section names. */
export const MY_WORK_CLIENTS_SHOWN = 10
/** How many of a client's overdue requests are named. */
export const MY_WORK_PER_CLIENT = 3
/** Totals are counted up to this many: a total at it means at least that many. */
export const MY_WORK_COUNT_CAP = 100
/** The days of "due this week": today and the six after it. */
export const MY_WORK_WEEK_DAYS = 7

const count = z.number().int().nonnegative()

const placeFields = {
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  auditId: z.string(),
  auditName: z.string(),
  /** The client user it is assigned to; null: nobody. */
  assigneeName: z.string().nullable(),
}

export const myWorkDto = z
  .object({
    /** The firm's today (YYYY-MM-DD) in its time zone. */
    today: z.string(),
    reviews: z.object({
      total: count,
      items: z.array(
        z.object({
          ...placeFields,
          clientId: z.string(),
          clientName: z.string(),
          submittedAt: z.string(),
        }),
      ),
    }),
    overdue: z.object({
      total: count,
      clients: z.array(
        z.object({
          clientId: z.string(),
          clientName: z.string(),
          /** The client's overdue requests on the caller's audits, up to MY_WORK_COUNT_CAP. */
          count,
          requests: z.array(
            z.object({
              ...placeFields,
              dueDate: z.string(),
              daysLate: z.number().int().positive(),
              /** The caller may remind its assignee now (it has one, and its audit is open). */
              canRemind: z.boolean(),
            }),
          ),
        }),
      ),
    }),
    dueThisWeek: z.object({
      total: count,
      items: z.array(
        z.object({
          ...placeFields,
          clientId: z.string(),
          clientName: z.string(),
          dueDate: z.string(),
        }),
      ),
    }),
  })
  .meta({ id: 'MyWork' })
export type MyWork = z.infer<typeof myWorkDto>

/** GET /api/my-work takes no parameters. */
export const myWorkQuery = z.strictObject({})

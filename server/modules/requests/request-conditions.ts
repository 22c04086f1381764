import { sql } from 'drizzle-orm'
import { AWAITING_CLIENT } from '@shared/request-rules'
import { auditRequests } from '../../db/schema'

/**
 * The client's statuses as literals, not parameters: the planner can then prove a query's rows
 * are those of a partial index over them (db/schema/requests.ts), with a generic plan too.
 */
const clientsStatus = sql`${auditRequests.status} in (${sql.raw(AWAITING_CLIENT.map((status) => `'${status}'`).join(', '))})`

/**
 * `awaitsClient` (shared/request-rules.ts) in SQL, for every query that asks it (lists, overdue,
 * reminders): in the client's status with nothing put to the firm.
 */
export const awaitingClient = sql`(${clientsStatus} and ${auditRequests.clientAsk} is null)`

/** In the client's status with a proposal or question waiting for the firm. */
export const askedOfFirm = sql`(${clientsStatus} and ${auditRequests.clientAsk} is not null)`

/** Overdue on `today` (the firm's calendar day, YYYY-MM-DD): waiting for the client, due before it. */
export const overdueOn = (today: string) =>
  sql`(${auditRequests.dueDate} < ${today}::date and ${awaitingClient})`

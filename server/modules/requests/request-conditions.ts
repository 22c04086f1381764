import { inArray, sql } from 'drizzle-orm'
import { AWAITING_CLIENT } from '@shared/request-rules'
import { auditRequests } from '../../db/schema'

/**
 * `awaitsClient` (shared/request-rules.ts) in SQL, for every query that asks it (lists, overdue,
 * reminders): in the client's status with nothing put to the firm.
 */
export const awaitingClient = sql`(${inArray(auditRequests.status, [...AWAITING_CLIENT])} and ${auditRequests.clientAsk} is null)`

/** In the client's status with a proposal or question waiting for the firm. */
export const askedOfFirm = sql`(${inArray(auditRequests.status, [...AWAITING_CLIENT])} and ${auditRequests.clientAsk} is not null)`

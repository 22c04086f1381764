import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Role } from '@shared/schemas/auth'
import { auditRequests, audits, notifications, projects } from '../db/schema'
import { AppError } from '../lib/errors'
import { isFirm, type Principal } from './principal'

/**
 * The audience rule: who may see a request, its comments, files and events. The firm's people
 * (admin, staff) see every request of their company; a client user sees the requests of their own
 * client's audits that were sent to the client, whatever their status since (a draft marked not
 * applicable was never sent: it stays the firm's, decision 009); an internal note is the firm's.
 * Decided by the user's role and client now, not when they were assigned or told: a client user
 * moved to another client, or a staff member made a client user, stops hearing of what they can
 * no longer open.
 *
 * Every reader goes through here, in the form it needs: `clientScope` (clients, projects and
 * audits) and `visibleRequests` (requests, their comments and files) for a signed-in user's
 * queries; `seesRequest` for the notices a change delivers; `seesRequestSql` for queries over
 * users and requests together (reminders, digests, Remind now); `visibleNotifications` for the
 * bell and the event mails; `liveAudience` and `mayHear` for the live hints of open pages.
 */

/** A request as the rule sees it: whose it is and whether it was sent. */
export interface RequestAudience {
  clientId: string
  sent: boolean
}

/**
 * The client a query must be confined to: the principal's own client for a client-role user,
 * undefined (the whole company) for the firm's people. A client-role user without a client is
 * refused rather than widened (the database guarantees one; this is the second line).
 */
export function clientScope(principal: Pick<Principal, 'role' | 'clientId'>): string | undefined {
  if (isFirm(principal)) return undefined
  if (!principal.clientId) throw new AppError('FORBIDDEN', 'You do not have permission to do this')
  return principal.clientId
}

/** A request row's part in the rule. */
export const audienceOf = (row: { clientId: string; sentAt: unknown }): RequestAudience => ({
  clientId: row.clientId,
  sent: row.sentAt !== null,
})

/** The rule itself, for one viewer and one request (`internal`: an internal note of it). */
export function seesRequest(
  viewer: { role: Role; clientId: string | null },
  request: RequestAudience,
  internal = false,
) {
  if (isFirm(viewer)) return true
  return (
    !internal && request.sent && viewer.clientId !== null && viewer.clientId === request.clientId
  )
}

/**
 * The rule for a signed-in user, over a query joining audit_requests and projects: undefined (no
 * condition) for the firm.
 */
export function visibleRequests(principal: Pick<Principal, 'role' | 'clientId'>) {
  const clientId = clientScope(principal)
  return clientId
    ? and(eq(projects.clientId, clientId), isNotNull(auditRequests.sentAt))
    : undefined
}

/**
 * The rule in SQL, for a user row and a request row of one query: the user's role and client, the
 * request's sent time and its client (its audit's project's). Both rows of the same company.
 */
export function seesRequestSql(
  user: { role: SQL; clientId: SQL },
  request: { sentAt: SQL; clientId: SQL },
  internal: SQL | boolean = false,
) {
  return sql`(${user.role} in ('admin', 'staff') or (not ${internal} and ${request.sentAt} is not null and ${user.clientId} = ${request.clientId}))`
}

/**
 * The user's notifications that the rule lets them see now: those of no request, and those of a
 * request (and, for an internal note, of its firm) they may open today.
 */
export function visibleNotifications(viewer: { role: Role; clientId: string | null }) {
  if (isFirm(viewer)) return undefined
  if (!viewer.clientId) return sql`false`
  return sql`(${notifications.requestId} is null or (not ${notifications.internal} and exists (
    select 1 from ${auditRequests}
    join ${audits} on ${audits.id} = ${auditRequests.auditId}
    join ${projects} on ${projects.id} = ${audits.projectId}
    where ${auditRequests.id} = ${notifications.requestId}
      and ${auditRequests.sentAt} is not null and ${projects.clientId} = ${viewer.clientId})))`
}

/**
 * Who an open page's hint about a request goes to (the `clientId` of a live change): the firm,
 * and the client's users when they may see it.
 */
export function liveAudience(request: RequestAudience, internal = false) {
  return seesRequest({ role: 'client', clientId: request.clientId }, request, internal)
    ? request.clientId
    : null
}

/**
 * Whether an open page hears of a live change: its company's firm users, and the client users of
 * the change's `clientId` (null: the firm only), or exactly the change's `userIds` when given.
 */
export function mayHear(
  listener: { userId: string; organizationId: string; clientId: string | null; firm: boolean },
  change: { organizationId: string; clientId: string | null; userIds?: string[] },
) {
  if (listener.organizationId !== change.organizationId) return false
  if (change.userIds) return change.userIds.includes(listener.userId)
  return listener.firm || (change.clientId !== null && listener.clientId === change.clientId)
}

import { and, eq, isNotNull } from 'drizzle-orm'
import { auditRequests, projects } from '../../db/schema'

/** Who is asking: staff see the whole company; a client user (clientId set) sees their client's. */
export interface RequestScope {
  clientId?: string
}

/**
 * The one rule of what a client user sees, for any query joining audit_requests and projects: the
 * requests of their client's audits that were sent to them, whatever their status since. A draft
 * marked not applicable was never sent: it stays the firm's (decision 009).
 */
export const visibleIn = (scope: RequestScope) =>
  scope.clientId
    ? and(eq(projects.clientId, scope.clientId), isNotNull(auditRequests.sentAt))
    : undefined

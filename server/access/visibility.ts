import { and, eq, isNotNull } from 'drizzle-orm'
import { auditRequests, projects } from '../db/schema'
import { clientScope, type Principal } from './principal'

/**
 * The one rule of what a client user sees, for any query joining audit_requests and projects: the
 * requests of their client's audits that were sent to them, whatever their status since. A draft
 * marked not applicable was never sent: it stays the firm's (decision 009). The firm sees all.
 */
export function visibleRequests(principal: Pick<Principal, 'role' | 'clientId'>) {
  const clientId = clientScope(principal)
  return clientId
    ? and(eq(projects.clientId, clientId), isNotNull(auditRequests.sentAt))
    : undefined
}

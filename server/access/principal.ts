import type { Role } from '@shared/schemas/auth'

/**
 * Who is asking, and what they may see: the one type services and `can()` take. Built from the
 * session by `principalOf(request)` (plugins/session.ts); services never read the request.
 */
export interface Principal {
  userId: string
  organizationId: string
  role: Role
  /** A client-role user's client: everything they read is confined to it. Null for the firm. */
  clientId: string | null
}

/** The firm's own people (every role but `client`). */
export const isFirm = (principal: Principal) => principal.role !== 'client'

/**
 * The client a query must be confined to: the principal's own client for a client-role user,
 * undefined (the whole company) for the firm's people. A client-role user without a client is
 * refused rather than widened (the database guarantees one; this is the second line).
 */
export function clientScope(principal: Principal): string | undefined {
  if (isFirm(principal)) return undefined
  if (!principal.clientId) throw new Error('A client-role principal has no client')
  return principal.clientId
}

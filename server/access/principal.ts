import type { Role } from '@shared/schemas/auth'
import { AppError } from '../lib/errors'

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
  /** The user's name now, for the activity log and e-mails. */
  name: string
}

/** The firm's own people (every role but `client`). */
export const isFirm = (principal: Pick<Principal, 'role'>) => principal.role !== 'client'

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

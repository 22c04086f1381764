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
  /** The user's name now, for the activity log and e-mails. */
  name: string
}

/** The firm's own people (every role but `client`). */
export const isFirm = (principal: Pick<Principal, 'role'>) => principal.role !== 'client'

import type { Role } from '@shared/schemas/auth'
import { organizations, people, users } from '../../db/schema'
import { hasConfirmedFactor } from '../mfa/confirmed-factor'

/**
 * Who is calling a signed-in route: a membership, through a browser session (`sessionId`) or an
 * API token (`token`, decision 048); exactly one of the two is set.
 */
export interface SessionUser {
  /** The browser session, or null for a call with an API token. */
  sessionId: string | null
  /** The API token, or null for a session's call. `write`: its scope allows more than reading. */
  token: { id: string; write: boolean } | null
  /** The membership the session acts as (a user id everywhere else). */
  id: string
  /** Who signed in: their e-mail, password and second factors are the person's. */
  personId: string
  /** Made through this company's single sign-on: it cannot switch to another company. */
  ssoOrganizationId: string | null
  organizationId: string
  firstName: string
  lastName: string
  email: string
  role: Role
  /** The client a client-role user belongs to; null for the firm's people. */
  clientId: string | null
  /**
   * The company requires a second factor of this user and they have none yet: every call but
   * setting one up answers 403 MFA_SETUP_REQUIRED (plugins/contract.ts).
   */
  mfaSetupRequired: boolean
}

/** A caller through a browser session (the routes that are `sessionOnly`). */
export type SessionCaller = SessionUser & { sessionId: string }

/** A live session's user, and when the session ends unless it is used again. */
export interface FoundSession {
  user: SessionUser
  expiresAt: Date
}

/**
 * The caller's membership, person and company as authorisation needs them: shared by the session
 * and the API-token lookups, which join `users`, `people` and `organizations`.
 */
export const callerColumns = {
  id: users.id,
  personId: users.personId,
  organizationId: users.organizationId,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  role: users.role,
  clientId: users.clientId,
  requireMfa: organizations.requireMfa,
  hasSecondFactor: hasConfirmedFactor(users.personId),
}

type CallerRow = Omit<
  SessionUser,
  'sessionId' | 'token' | 'ssoOrganizationId' | 'mfaSetupRequired'
> & {
  requireMfa: (typeof organizations.$inferSelect)['requireMfa']
  hasSecondFactor: boolean
}

/** The caller as the routes see them, from `callerColumns` (the company's second-factor rule applied). */
export function callerOf(
  { requireMfa, hasSecondFactor, ...fields }: CallerRow,
  via: Pick<SessionUser, 'sessionId' | 'token' | 'ssoOrganizationId'>,
): SessionUser {
  const required = requireMfa === 'all' || (requireMfa === 'staff' && fields.role !== 'client')
  return { ...fields, ...via, mfaSetupRequired: required && !hasSecondFactor }
}

import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Principal } from '../access/principal'
import { AppError } from '../lib/errors'
import {
  findSessionUser,
  SESSION_ABSOLUTE_MS,
  type SessionUser,
} from '../modules/auth/sessions.repo'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Client-role users may call this route: it scopes its queries to their client (clientScopeOf).
     * Without it, a workspace route answers 403 to them (see `staffOnlyUnlessAllowed`).
     */
    allowClientUsers?: boolean
  }
  interface FastifyRequest {
    user: SessionUser | null
  }
  interface FastifyInstance {
    sessionCookie: {
      name: string
      read(request: FastifyRequest): string | undefined
      set(reply: FastifyReply, token: string): void
      clear(reply: FastifyReply): void
    }
  }
}

/** Reads the session cookie; `requireSession` guards the protected scopes. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie)
  const secure = app.config.secureCookies
  // __Host- binds the cookie to our exact origin; browsers accept it only over https.
  const name = secure ? '__Host-session' : 'session'
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure } as const

  app.decorateRequest('user', null)
  app.decorate('sessionCookie', {
    name,
    read: (request: FastifyRequest) => request.cookies[name],
    set: (reply: FastifyReply, token: string) =>
      reply.setCookie(name, token, { ...options, maxAge: SESSION_ABSOLUTE_MS / 1000 }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
  })
})

export async function requireSession(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const token = this.sessionCookie.read(request)
  const user = token ? await findSessionUser(this.db, token, this.clock()) : null
  if (!user) {
    if (token) this.sessionCookie.clear(reply)
    throw new AppError('UNAUTHENTICATED', 'Please sign in to continue')
  }
  request.user = user
}

export function requireRole(role: SessionUser['role']) {
  return async (request: FastifyRequest) => {
    if (request.user?.role !== role)
      throw new AppError('FORBIDDEN', 'You do not have permission to do this')
  }
}

/**
 * The workspace's role rule, default-deny: a client-role user reaches only the routes that opt in
 * with `config: { allowClientUsers: true }`; everything else answers 403 before validation.
 */
export async function staffOnlyUnlessAllowed(request: FastifyRequest) {
  if (request.user?.role !== 'admin' && !request.routeOptions.config.allowClientUsers)
    throw new AppError('FORBIDDEN', 'You do not have permission to do this')
}

/**
 * The client whose records the caller is confined to: their own client for a client-role user,
 * undefined (the whole company) for staff.
 */
export function clientScopeOf(request: FastifyRequest): string | undefined {
  const user = currentUser(request)
  if (user.role === 'admin') return undefined
  // The database guarantees a client for every client-role user; refuse rather than widen.
  if (!user.clientId) throw new AppError('FORBIDDEN', 'You do not have permission to do this')
  return user.clientId
}

/** For handlers behind requireSession: the signed-in user. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue')
  return request.user
}

/** The signed-in user as services see them (access/principal.ts). */
export function principalOf(request: FastifyRequest): Principal {
  const { id, organizationId, role, clientId } = currentUser(request)
  return { userId: id, organizationId, role, clientId }
}

/** The signed-in user's company: every repo call is scoped by it. */
export const orgOf = (request: FastifyRequest) => currentUser(request).organizationId

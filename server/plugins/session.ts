import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fullName } from '@shared/format'
import type { Principal } from '../access/principal'
import { hostCookie, type HostCookie } from '../lib/cookies'
import { AppError } from '../lib/errors'
import { createSessionCache, type SessionCache } from '../modules/auth/session-cache'
import { SESSION_ABSOLUTE_MS, type SessionUser } from '../modules/auth/sessions.repo'

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
  }
  interface FastifyInstance {
    sessionCookie: HostCookie
    /** Resolves session cookies; told of every change to sessions and users (decision 016). */
    sessionCache: SessionCache
  }
}

/** Reads the session cookie; the access hook (plugins/contract.ts) requires it where needed. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie)

  app.decorate(
    'sessionCache',
    await createSessionCache({
      database: app.database,
      ttlMs: app.config.sessionCacheMs,
      log: app.log,
    }),
  )
  app.addHook('onClose', async () => {
    await app.sessionCache.close()
  })

  app.decorateRequest('user', null)
  app.decorate(
    'sessionCookie',
    hostCookie(app.config.secureCookies, 'session', SESSION_ABSOLUTE_MS / 1000),
  )
})

export async function requireSession(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const token = this.sessionCookie.read(request)
  const user = token ? await this.sessionCache.resolve(token, this.clock()) : null
  if (!user) {
    if (token) this.sessionCookie.clear(reply)
    throw new AppError('UNAUTHENTICATED', 'Please sign in to continue')
  }
  request.user = user
}

/** For public routes that say more to a signed-in caller: the session's user, if any. */
export async function sessionUserIfAny(app: FastifyInstance, request: FastifyRequest) {
  const token = app.sessionCookie.read(request)
  return token ? app.sessionCache.resolve(token, app.clock()) : null
}

/** For handlers of signed-in routes: the session and its user. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue')
  return request.user
}

/** The signed-in user as services see them (access/principal.ts). */
export function principalOf(request: FastifyRequest): Principal {
  const { id, organizationId, role, clientId, firstName, lastName } = currentUser(request)
  return { userId: id, organizationId, role, clientId, name: fullName({ firstName, lastName }) }
}

import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fullName } from '@shared/format'
import type { Principal } from '../access/principal'
import type { Authorization } from '../lib/bearer'
import { hostCookie, type HostCookie } from '../lib/cookies'
import { AppError } from '../lib/errors'
import { createSessionCache, type SessionCache } from '../modules/auth/session-cache'
import type { SessionCaller, SessionUser } from '../modules/auth/caller'
import { SESSION_ABSOLUTE_MS } from '../modules/auth/sessions.repo'

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

const TOKEN_REFUSED = 'The API token is invalid, expired or revoked'

/**
 * A call with `Authorization: Bearer`: the API token acts as its membership (decision 048); the
 * cookie never stands in for a refused token.
 */
export async function requireApiToken(
  this: FastifyInstance,
  request: FastifyRequest,
  authorization: Extract<Authorization, { kind: 'bearer' }>,
) {
  const { secret } = authorization
  const user = secret ? await this.sessionCache.resolveApiToken(secret, this.clock()) : null
  if (!user)
    throw new AppError('UNAUTHENTICATED', TOKEN_REFUSED, undefined, {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    })
  request.user = user
}

/** For public routes that say more to a signed-in caller: the session's user, if any. */
export async function sessionUserIfAny(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionCaller | null> {
  const token = app.sessionCookie.read(request)
  const user = token ? await app.sessionCache.resolve(token, app.clock()) : null
  return user && isSession(user) ? user : null
}

/** For handlers of signed-in routes: the caller, by a session or an API token. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue')
  return request.user
}

/** For handlers of `sessionOnly` routes: the caller and their browser session. */
export function currentSession(request: FastifyRequest): SessionCaller {
  const user = currentUser(request)
  if (!isSession(user)) throw new AppError('FORBIDDEN', API_TOKEN_REFUSED_MESSAGE)
  return user
}

const isSession = (user: SessionUser): user is SessionCaller => user.sessionId !== null

export const API_TOKEN_REFUSED_MESSAGE =
  'API tokens cannot do this: sign in to the app to manage your account and its security.'

/** The signed-in user as services see them (access/principal.ts). */
export function principalOf(request: FastifyRequest): Principal {
  const { id, organizationId, role, clientId, firstName, lastName } = currentUser(request)
  return { userId: id, organizationId, role, clientId, name: fullName({ firstName, lastName }) }
}

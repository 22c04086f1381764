import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MFA_CHALLENGE_TTL_MS } from './mfa.service'

/**
 * The browser's half of a sign-in waiting for its second factor: a short-lived HttpOnly cookie
 * holding the challenge's token (mfa.repo.ts keeps its hash). It is not a session: it opens no
 * route but POST /api/auth/mfa/verify.
 */
export function challengeCookie(app: FastifyInstance) {
  const secure = app.config.secureCookies
  const name = secure ? '__Host-mfa' : 'mfa'
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure } as const
  return {
    read: (request: FastifyRequest) => request.cookies[name],
    set: (reply: FastifyReply, token: string) =>
      reply.setCookie(name, token, { ...options, maxAge: MFA_CHALLENGE_TTL_MS / 1000 }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
  }
}

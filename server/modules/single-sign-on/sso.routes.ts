import type { FastifyInstance } from 'fastify'
import { singleSignOnApi } from '@shared/api'
import { hostCookie } from '../../lib/cookies'
import { handle } from '../../plugins/contract'
import { accountRouteLimit } from '../../plugins/security'
import { principalOf } from '../../plugins/session'
import { authService } from '../auth/auth.service'
import { SSO_SIGN_IN_TTL_MS, singleSignOn } from './sso.service'

export async function singleSignOnRoutes(app: FastifyInstance) {
  const sso = singleSignOn(app)
  const auth = authService(app)
  const pending = hostCookie(app.config.secureCookies, 'sso', SSO_SIGN_IN_TTL_MS / 1000)
  const limited = { config: accountRouteLimit(app.config) }

  handle(app, singleSignOnApi.get, async (request) => sso.get(principalOf(request)))
  handle(app, singleSignOnApi.save, async (request) => sso.save(principalOf(request), request.body))
  handle(app, singleSignOnApi.remove, async (request) => sso.remove(principalOf(request)))

  handle(app, singleSignOnApi.lookup, async (request) => sso.lookup(request.query.email), limited)
  handle(
    app,
    singleSignOnApi.start,
    async (request, reply) => {
      const { location, token } = await sso.start(request.query.email)
      if (token) pending.set(reply, token)
      return reply.redirect(location, 302)
    },
    limited,
  )
  handle(
    app,
    singleSignOnApi.callback,
    async (request, reply) => {
      const outcome = await sso.callback(pending.read(request), request.url, request.ip)
      pending.clear(reply)
      if ('failure' in outcome) return reply.redirect(`/login?sso=${outcome.failure}`, 302)
      const { token } = await auth.startSession(outcome.userId, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        ssoOrganizationId: outcome.organizationId,
      })
      app.sessionCookie.set(reply, token)
      return reply.redirect('/dashboard', 302)
    },
    limited,
  )
}

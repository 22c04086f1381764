import type { FastifyInstance } from 'fastify'
import { invitationsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { accountRouteLimit } from '../../plugins/security'
import { principalOf, sessionUserIfAny } from '../../plugins/session'
import { authService } from '../auth/auth.service'
import { invitationsService } from './invitations.service'

export async function invitationRoutes(app: FastifyInstance) {
  const invitations = invitationsService(app)
  const auth = authService(app)
  // The invitee's side, before they have an account: rate-limited like the account routes.
  const config = accountRouteLimit(app.config)

  handle(app, invitationsApi.list, async (request) =>
    invitations.list(principalOf(request), request.query),
  )
  handle(app, invitationsApi.create, async (request) =>
    invitations.create(principalOf(request), request.body),
  )
  handle(app, invitationsApi.resend, async (request) =>
    invitations.resend(principalOf(request), request.params.id),
  )
  handle(app, invitationsApi.revoke, async (request) =>
    invitations.revoke(principalOf(request), request.params.id),
  )
  handle(
    app,
    invitationsApi.preview,
    async (request) =>
      invitations.preview(request.query.token, await sessionUserIfAny(app, request)),
    { config },
  )
  handle(
    app,
    invitationsApi.accept,
    async (request, reply) => {
      const accepted = await invitations.accept(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        session: await sessionUserIfAny(app, request),
      })
      // A new session for a new sign-in; a signed-in person's own session now acts as the new
      // membership.
      if (accepted.token) app.sessionCookie.set(reply, accepted.token)
      return {
        user: await auth.currentUserOf(accepted.token ?? app.sessionCookie.read(request) ?? ''),
      }
    },
    { config },
  )
}

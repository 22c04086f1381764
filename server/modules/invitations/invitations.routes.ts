import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loginReply } from '@shared/schemas/auth'
import { idParams } from '@shared/schemas/common'
import {
  acceptInvitationInput,
  createInvitationInput,
  invitationDto,
  invitationPreviewDto,
  invitationPreviewQuery,
} from '@shared/schemas/invitations'
import { accountRouteLimit } from '../../plugins/security'
import { currentUser, orgOf as org } from '../../plugins/session'
import { toCurrentUser } from '../auth/auth.service'
import { findSessionUser } from '../auth/sessions.repo'
import { invitationsService } from './invitations.service'

/** The company's invitations: admin only (registered in the workspace's staff scope). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = invitationsService(app)

  app.get('/', { schema: { response: { 200: z.array(invitationDto) } } }, async (request) =>
    invitations.list(org(request)),
  )

  app.post(
    '/',
    { schema: { body: createInvitationInput, response: { 201: invitationDto } } },
    async (request, reply) =>
      reply.code(201).send(await invitations.create(currentUser(request), request.body)),
  )

  app.post(
    '/:id/resend',
    { schema: { params: idParams, response: { 200: invitationDto } } },
    async (request) => invitations.resend(currentUser(request), request.params.id),
  )

  app.delete('/:id', { schema: { params: idParams } }, async (request, reply) => {
    await invitations.revoke(currentUser(request), request.params.id)
    return reply.code(204).send()
  })
}

/** The invitee's side, before they have an account: rate-limited like the account routes. */
export const invitationAcceptRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = invitationsService(app)
  const authLimit = accountRouteLimit(app.config)

  app.get(
    '/accept',
    {
      config: authLimit,
      schema: { querystring: invitationPreviewQuery, response: { 200: invitationPreviewDto } },
    },
    async (request) => invitations.preview(request.query.token),
  )

  app.post(
    '/accept',
    { config: authLimit, schema: { body: acceptInvitationInput, response: { 201: loginReply } } },
    async (request, reply) => {
      const { token } = await invitations.accept(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      })
      const user = await findSessionUser(app.db, token, app.clock())
      app.sessionCookie.set(reply, token)
      return reply.code(201).send({ user: await toCurrentUser(app.db, user!) })
    },
  )
}

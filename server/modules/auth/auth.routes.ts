import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  changePasswordInput,
  currentUser as currentUserDto,
  emailOnlyInput,
  loginInput,
  loginReply,
  messageReply,
  registerInput,
  registerReply,
  resetPasswordInput,
  revokeOtherSessionsReply,
  sessionDto,
  updateProfileInput,
  verifyEmailInput,
  verifyEmailReply,
} from '@shared/schemas/auth'
import { idParams } from '@shared/schemas/common'
import { z } from 'zod'
import { AppError } from '../../lib/errors'
import { accountRouteLimit } from '../../plugins/security'
import { currentUser, requireSession } from '../../plugins/session'
import { authService, toCurrentUser } from './auth.service'
import {
  deleteOtherSessions,
  deleteSessionByToken,
  deleteUserSession,
  findSessionUser,
  listUserSessions,
} from './sessions.repo'
import { updateProfile } from './users.repo'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService(app)
  const authLimit = accountRouteLimit(app.config)

  app.get('/captcha', { config: authLimit }, async (_request, reply) => {
    return reply.send(await app.captcha.challenge())
  })

  app.post(
    '/register',
    { config: authLimit, schema: { body: registerInput, response: { 201: registerReply } } },
    async (request, reply) => reply.code(201).send(await auth.register(request.body, request.ip)),
  )

  app.post(
    '/resend-verification',
    { config: authLimit, schema: { body: emailOnlyInput, response: { 200: messageReply } } },
    async (request) => auth.resendVerification(request.body.email),
  )

  app.post(
    '/verify-email',
    { config: authLimit, schema: { body: verifyEmailInput, response: { 200: verifyEmailReply } } },
    async (request) => auth.verifyEmail(request.body.token),
  )

  app.post(
    '/login',
    {
      config: authLimit,
      schema: { body: loginInput, response: { 200: loginReply } },
    },
    async (request, reply) => {
      const { token } = await auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      })
      const user = await findSessionUser(app.db, token, app.clock())
      app.sessionCookie.set(reply, token)
      return { user: await toCurrentUser(app.db, user!) }
    },
  )

  app.post('/logout', async (request, reply) => {
    const token = app.sessionCookie.read(request)
    if (token) await deleteSessionByToken(app.db, token)
    app.sessionCookie.clear(reply)
    request.log.info({ event: 'auth.logout' }, 'signed out')
    return reply.code(204).send()
  })

  app.post(
    '/forgot-password',
    { config: authLimit, schema: { body: emailOnlyInput, response: { 200: messageReply } } },
    async (request) => auth.forgotPassword(request.body.email),
  )

  app.post(
    '/reset-password',
    { config: authLimit, schema: { body: resetPasswordInput, response: { 200: messageReply } } },
    async (request) => auth.resetPassword(request.body),
  )

  await app.register(async (scope) => {
    const protectedScope = scope.withTypeProvider<ZodTypeProvider>()
    protectedScope.addHook('onRequest', requireSession)
    protectedScope.get('/me', { schema: { response: { 200: currentUserDto } } }, async (request) =>
      toCurrentUser(app.db, currentUser(request)),
    )

    protectedScope.patch(
      '/profile',
      { schema: { body: updateProfileInput, response: { 200: currentUserDto } } },
      async (request) => {
        const user = currentUser(request)
        await updateProfile(app.db, user.id, request.body, app.clock())
        return toCurrentUser(app.db, { ...user, ...request.body })
      },
    )

    protectedScope.post(
      '/change-password',
      { config: authLimit, schema: { body: changePasswordInput, response: { 200: messageReply } } },
      async (request) =>
        auth.changePassword(currentUser(request), request.body, { ip: request.ip }),
    )

    protectedScope.get(
      '/sessions',
      { schema: { response: { 200: z.array(sessionDto) } } },
      async (request) => {
        const user = currentUser(request)
        return listUserSessions(app.db, user.id, user.sessionId, app.clock())
      },
    )

    protectedScope.post(
      '/sessions/revoke-others',
      { schema: { response: { 200: revokeOtherSessionsReply } } },
      async (request) => {
        const user = currentUser(request)
        const revoked = await deleteOtherSessions(app.db, user.id, user.sessionId)
        request.log.info({ event: 'auth.sessions_revoked', revoked }, 'other sessions ended')
        return { revoked }
      },
    )

    protectedScope.delete(
      '/sessions/:id',
      { schema: { params: idParams } },
      async (request, reply) => {
        const user = currentUser(request)
        // Another user's session answers like a missing one.
        if (!(await deleteUserSession(app.db, user.id, request.params.id)))
          throw new AppError('NOT_FOUND', 'Session not found')
        if (request.params.id === user.sessionId) app.sessionCookie.clear(reply)
        request.log.info({ event: 'auth.session_revoked' }, 'session ended')
        return reply.code(204).send()
      },
    )
  })
}

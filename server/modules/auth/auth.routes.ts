import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  currentUser as currentUserDto,
  emailOnlyInput,
  loginInput,
  messageReply,
  registerInput,
  registerReply,
  resetPasswordInput,
  verifyEmailInput,
  verifyEmailReply,
} from '@shared/schemas/auth'
import { z } from 'zod'
import { currentUser, requireSession } from '../../plugins/session'
import { authService, toCurrentUser } from './auth.service'
import { deleteSessionByToken, findSessionUser } from './sessions.repo'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService(app)
  const authLimit = { rateLimit: { max: app.config.rateLimit.authPerMinute, timeWindow: 60_000 } }

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
      schema: { body: loginInput, response: { 200: z.object({ user: currentUserDto }) } },
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

  await app.register(async (protectedScope) => {
    protectedScope.addHook('onRequest', requireSession)
    protectedScope.get('/me', { schema: { response: { 200: currentUserDto } } }, async (request) =>
      toCurrentUser(app.db, currentUser(request)),
    )
  })
}

import type { FastifyInstance } from 'fastify'
import { authApi, mfaApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { accountRouteLimit } from '../../plugins/security'
import { currentSession, currentUser } from '../../plugins/session'
import { challengeCookie } from '../mfa/challenge-cookie'
import { authService } from './auth.service'
import { verifyBinding } from './verify-binding'

export async function authRoutes(app: FastifyInstance) {
  const auth = authService(app)
  const binding = verifyBinding(app)
  const pending = challengeCookie(app)
  // The routes anyone can call with any e-mail or token get their own per-IP limit.
  const limited = { config: accountRouteLimit(app.config) }

  handle(
    app,
    authApi.captcha,
    async () => {
      const challenge = await app.captcha.challenge()
      return { ...challenge, parameters: { ...challenge.parameters } }
    },
    limited,
  )
  handle(
    app,
    authApi.register,
    async (request, reply) => {
      const browser = binding.of(request)
      const result = await auth.register(request.body, {
        ip: request.ip,
        bindingHash: browser.hash,
      })
      binding.keep(reply, browser)
      return result
    },
    limited,
  )
  handle(
    app,
    authApi.resendVerification,
    async (request, reply) => {
      const browser = binding.of(request)
      const result = auth.resendVerification(request.body.email, browser.hash)
      binding.keep(reply, browser)
      return result
    },
    limited,
  )
  handle(
    app,
    authApi.verifyEmail,
    async (request) =>
      auth.verifyEmail(request.body, { bindingHash: binding.hashOf(request), ip: request.ip }),
    limited,
  )
  handle(
    app,
    authApi.login,
    async (request, reply) => {
      const signIn = await auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      })
      if ('challenge' in signIn) {
        pending.set(reply, signIn.challenge)
        return { mfaRequired: true as const, methods: signIn.methods }
      }
      app.sessionCookie.set(reply, signIn.token)
      return { user: await auth.currentUserOf(signIn.token) }
    },
    limited,
  )
  handle(
    app,
    mfaApi.verify,
    async (request, reply) => {
      const { token } = await auth.completeSignIn(pending.read(request), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      })
      pending.clear(reply)
      app.sessionCookie.set(reply, token)
      return { user: await auth.currentUserOf(token) }
    },
    limited,
  )
  handle(app, authApi.logout, async (request, reply) => {
    await auth.logout(app.sessionCookie.read(request))
    app.sessionCookie.clear(reply)
  })
  handle(
    app,
    authApi.forgotPassword,
    async (request) => auth.forgotPassword(request.body.email),
    limited,
  )
  handle(app, authApi.resetPassword, async (request) => auth.resetPassword(request.body), limited)

  handle(app, authApi.me, async (request) => auth.currentUser(currentUser(request)))
  handle(app, authApi.memberships, async (request) => auth.memberships(currentUser(request)))
  handle(app, authApi.switchMembership, async (request) => {
    await auth.switchMembership(currentSession(request), request.body.organizationId)
    return { user: await auth.currentUserOf(app.sessionCookie.read(request) ?? '') }
  })
  handle(app, authApi.updateProfile, async (request) =>
    auth.updateProfile(currentUser(request), request.body),
  )
  handle(
    app,
    authApi.changePassword,
    async (request) =>
      auth.changePassword(currentSession(request), request.body, { ip: request.ip }),
    limited,
  )
  handle(app, authApi.sessions, async (request) => auth.sessions(currentSession(request)))
  handle(app, authApi.revokeOtherSessions, async (request) =>
    auth.revokeOtherSessions(currentSession(request)),
  )
  handle(app, authApi.revokeSession, async (request, reply) => {
    const user = currentSession(request)
    await auth.revokeSession(user, request.params.id)
    if (request.params.id === user.sessionId) app.sessionCookie.clear(reply)
  })
}

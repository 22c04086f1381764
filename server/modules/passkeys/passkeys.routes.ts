import type { FastifyInstance } from 'fastify'
import { passkeysApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { accountRouteLimit } from '../../plugins/security'
import { currentUser } from '../../plugins/session'
import { authService } from '../auth/auth.service'
import { challengeCookie } from '../mfa/challenge-cookie'
import { passkeyService } from './passkeys.service'

export async function passkeyRoutes(app: FastifyInstance) {
  const passkeys = passkeyService(app)
  const auth = authService(app)
  const pendingSignIn = challengeCookie(app)
  const limited = { config: accountRouteLimit(app.config) }

  handle(app, passkeysApi.list, async (request) => passkeys.list(currentUser(request)))
  handle(app, passkeysApi.registerOptions, async (request) => ({
    ...(await passkeys.registrationOptions(currentUser(request))),
  }))
  handle(app, passkeysApi.register, async (request) =>
    passkeys.register(currentUser(request), request.body),
  )
  handle(app, passkeysApi.rename, async (request) =>
    passkeys.rename(currentUser(request), request.params.id, request.body.name),
  )
  handle(
    app,
    passkeysApi.remove,
    async (request) =>
      passkeys.remove(currentUser(request), request.params.id, request.body, request.ip),
    limited,
  )

  handle(
    app,
    passkeysApi.signInOptions,
    async (request) => ({
      ...(await passkeys.signInOptions(request.body, pendingSignIn.read(request))),
    }),
    limited,
  )
  handle(
    app,
    passkeysApi.signIn,
    async (request, reply) => {
      const pending = pendingSignIn.read(request)
      const user = await passkeys.signIn(pending, request.body.response, request.ip)
      if (pending) pendingSignIn.clear(reply)
      const { token } = await auth.startSession(user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      })
      app.sessionCookie.set(reply, token)
      return { user: await auth.currentUserOf(token) }
    },
    limited,
  )
}

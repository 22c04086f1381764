import type { FastifyInstance } from 'fastify'
import { mfaApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { accountRouteLimit } from '../../plugins/security'
import { currentUser } from '../../plugins/session'
import { secondFactors } from './mfa.service'

/** The signed-in user's second factors (the sign-in's second step is in auth.routes.ts). */
export async function mfaRoutes(app: FastifyInstance) {
  const factors = secondFactors(app)
  // Routes that take a password or a code: the per-IP limit of the account routes.
  const limited = { config: accountRouteLimit(app.config) }

  handle(app, mfaApi.status, async (request) => factors.status(currentUser(request)))
  handle(app, mfaApi.setupTotp, async (request) => factors.setup(currentUser(request)))
  handle(
    app,
    mfaApi.confirmTotp,
    async (request) => factors.confirm(currentUser(request), request.body.code),
    limited,
  )
  handle(
    app,
    mfaApi.removeTotp,
    async (request) => factors.remove(currentUser(request), request.body, request.ip),
    limited,
  )
  handle(
    app,
    mfaApi.regenerateRecoveryCodes,
    async (request) =>
      factors.regenerateRecoveryCodes(currentUser(request), request.body, request.ip),
    limited,
  )
}

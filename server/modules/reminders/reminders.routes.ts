import type { FastifyInstance } from 'fastify'
import { remindersApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { remindService } from './remind-now'
import { remindersService } from './reminders.service'

export async function reminderRoutes(app: FastifyInstance) {
  const reminders = remindersService(app)
  const remind = remindService(app)
  handle(app, remindersApi.getPolicy, async (request) => reminders.policy(principalOf(request)))
  handle(app, remindersApi.putPolicy, async (request) =>
    reminders.changePolicy(principalOf(request), request.body),
  )
  handle(app, remindersApi.remindRequest, async (request) =>
    remind.request(principalOf(request), request.params.id),
  )
  handle(app, remindersApi.remindAudit, async (request) =>
    remind.audit(principalOf(request), request.params.id),
  )
  handle(app, remindersApi.unsubscribePage, async (request, reply) =>
    reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  )
  // In a scope of its own: the one route that takes a form body ("List-Unsubscribe=One-Click",
  // RFC 8058), which mail providers post from their servers.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    handle(scope, remindersApi.unsubscribe, async (request) =>
      reminders.unsubscribe(request.query.token),
    )
  })
}

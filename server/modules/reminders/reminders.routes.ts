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
  handle(app, remindersApi.unsubscribe, async (request) =>
    reminders.unsubscribe(request.query.token),
  )
}

import type { FastifyInstance } from 'fastify'
import { notificationPreferencesApi, notificationsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { notificationsService } from './notifications.service'

export async function notificationRoutes(app: FastifyInstance) {
  const notifications = notificationsService(app)
  handle(app, notificationsApi.list, async (request) =>
    notifications.list(principalOf(request), request.query),
  )
  handle(app, notificationsApi.read, async (request) =>
    notifications.markRead(principalOf(request), request.body.ids),
  )
  handle(app, notificationPreferencesApi.get, async (request) =>
    notifications.preferences(principalOf(request)),
  )
  handle(app, notificationPreferencesApi.update, async (request) =>
    notifications.changePreferences(principalOf(request), request.body),
  )
}

import type { FastifyInstance } from 'fastify'
import type { UpdateNotificationPreferencesInput } from '@shared/schemas/reminders'
import type { Principal } from '../../access/principal'
import { publishChange } from '../events/changes'
import { listNotifications, markRead, unreadCount } from './notifications.repo'
import { getPreferences, updatePreferences } from './preferences.repo'

/** What each user is told of, in the app and by e-mail. */
export function notificationsService(app: FastifyInstance) {
  const { db, clock } = app
  return {
    async list(principal: Principal, query: { limit: number; cursor?: string }) {
      const page = await listNotifications(db, principal, query)
      return {
        items: page.items,
        unreadCount: await unreadCount(db, principal),
        nextCursor: page.next,
      }
    },

    async markRead(principal: Principal, ids: string[] | undefined) {
      await markRead(db, principal.userId, ids, clock())
      await publishChange(db, {
        organizationId: principal.organizationId,
        clientId: null,
        userIds: [principal.userId],
        topics: ['notifications'],
      })
      return { unreadCount: await unreadCount(db, principal) }
    },

    preferences: (principal: Principal) => getPreferences(app.db, principal.userId),
    changePreferences: (principal: Principal, change: UpdateNotificationPreferencesInput) =>
      updatePreferences(app.db, principal.userId, change, app.clock()),
  }
}

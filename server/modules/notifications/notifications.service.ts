import type { FastifyInstance } from 'fastify'
import type { UpdateNotificationPreferencesInput } from '@shared/schemas/reminders'
import type { Principal } from '../../access/principal'
import { getPreferences, updatePreferences } from './preferences.repo'

/** What each user is told of, in the app and by e-mail. */
export function notificationsService(app: FastifyInstance) {
  return {
    preferences: (principal: Principal) => getPreferences(app.db, principal.userId),
    changePreferences: (principal: Principal, change: UpdateNotificationPreferencesInput) =>
      updatePreferences(app.db, principal.userId, change, app.clock()),
  }
}

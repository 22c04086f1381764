import type { FastifyInstance } from 'fastify'
import { NOTIFICATION_KIND_LABELS, type reminderPolicyInput } from '@shared/schemas/reminders'
import type { z } from 'zod'
import type { Principal } from '../../access/principal'
import { AppError, hasErrorCode } from '../../lib/errors'
import { readUnsubscribeToken } from '../../mail/unsubscribe'
import { updatePreferences } from '../notifications/preferences.repo'
import { getPolicy, putPolicy } from './policy.repo'

const FOREIGN_KEY_VIOLATION = '23503'

/** The company's reminder policy, and turning a kind of mail off from the mail itself. */
export function remindersService(app: FastifyInstance) {
  const { db, clock, log } = app
  return {
    policy: (principal: Principal) => getPolicy(db, principal.organizationId),

    changePolicy: (principal: Principal, policy: z.output<typeof reminderPolicyInput>) =>
      putPolicy(db, principal.organizationId, policy, clock()),

    async unsubscribe(token: string) {
      const target = await readUnsubscribeToken(app, token)
      if (!target)
        throw new AppError(
          'INVALID_TOKEN',
          'This unsubscribe link is not valid. Change your e-mail settings in Settings, Notifications.',
        )
      await updatePreferences(
        db,
        target.userId,
        { [target.kind]: { email: false } },
        clock(),
      ).catch((error: unknown) => {
        // A user removed since the mail went out has nothing left to unsubscribe from.
        if (!hasErrorCode(error, [FOREIGN_KEY_VIOLATION])) throw error
      })
      log.info({ event: 'notifications.unsubscribed', kind: target.kind }, 'unsubscribed')
      return {
        message: `You will no longer receive these e-mails (${NOTIFICATION_KIND_LABELS[target.kind].toLowerCase()}). You can turn them back on in Settings, Notifications.`,
      }
    },
  }
}

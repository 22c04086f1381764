import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  eventMailState,
  notifications,
  organizations,
  people,
  users,
  withPerson,
} from '../../db/schema'
import { visibleNotifications } from '../../access/audience'
import { mails } from '../../mail/templates'
import { EVENT_MAIL_QUEUE } from './notify'

/** At most one event mail per user in this long; what happens meanwhile waits for the next. */
export const EVENT_MAIL_INTERVAL_MS = 10 * 60 * 1000

/**
 * The user's event mail: every notice still to be mailed, in one message. Runs as the job that
 * deliverNotices() queued (one waiting job per user, EVENT_MAIL_DELAY_SECONDS after the first
 * event); within ten minutes of the last one it queues itself for when they are up.
 */
export async function sendEventMail(app: FastifyInstance, userId: string) {
  const { db, clock, config, mailer } = app
  const now = clock()
  return db.transaction(async (tx) => {
    await tx
      .insert(eventMailState)
      .values({ userId, lastSentAt: new Date(0) })
      .onConflictDoNothing()
    const [state] = await tx
      .select({ lastSentAt: eventMailState.lastSentAt })
      .from(eventMailState)
      .where(eq(eventMailState.userId, userId))
      .for('update')
    if (!state) return 'gone' as const
    const waitMs = state.lastSentAt.getTime() + EVENT_MAIL_INTERVAL_MS - now.getTime()
    if (waitMs > 0) {
      await app.jobs.enqueue(
        tx,
        EVENT_MAIL_QUEUE,
        { userId },
        { singletonKey: userId, startAfterSeconds: Math.ceil(waitMs / 1000) },
      )
      return 'later' as const
    }
    const [user] = await tx
      .select({
        email: people.email,
        firstName: people.firstName,
        role: users.role,
        clientId: users.clientId,
        timeZone: organizations.timeZone,
        dateFormat: organizations.dateFormat,
      })
      .from(users)
      .innerJoin(people, withPerson)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, userId))
    if (!user) return 'gone' as const
    const seen = visibleNotifications(user)
    const pending = await tx
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        url: notifications.url,
        createdAt: notifications.createdAt,
        visible: seen ? sql<boolean>`${seen}` : sql<boolean>`true`,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.emailPending, true),
          sql`${notifications.emailedAt} is null`,
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .for('update', { of: notifications })
    if (pending.length === 0) return 'nothing' as const
    // Those the audience rule now keeps from the user (moved to another client, say) are settled
    // unmailed.
    await tx
      .update(notifications)
      .set({ emailedAt: now })
      .where(
        inArray(
          notifications.id,
          pending.map((row) => row.id),
        ),
      )
    const items = pending.filter((row) => row.visible)
    if (items.length === 0) return 'nothing' as const
    await tx
      .update(eventMailState)
      .set({ lastSentAt: now })
      .where(eq(eventMailState.userId, userId))
    await mailer.send(
      tx,
      mails.events(user.email, {
        firstName: user.firstName,
        timeZone: user.timeZone,
        dateFormat: user.dateFormat,
        items: items.map(({ visible: _, ...row }) => ({
          ...row,
          url: `${config.appUrl}${row.url}`,
        })),
      }),
    )
    return 'sent' as const
  })
}

export function defineEventMailJob(app: FastifyInstance) {
  app.jobs.define<{ userId: string }>(
    EVENT_MAIL_QUEUE,
    { policy: 'short', retryLimit: 5, retryDelaySeconds: 30 },
    async ({ userId }) => {
      await sendEventMail(app, userId)
    },
  )
}

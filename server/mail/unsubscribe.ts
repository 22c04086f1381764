import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { NOTIFICATION_KINDS, type NotificationKind } from '@shared/schemas/reminders'
import type { Db } from '../db/client'
import { generatedSetting } from '../db/settings'

/**
 * One-click unsubscribe (RFC 8058) for the mails a user can turn off: a token naming the user and
 * the kind, signed with a key of the database's own, that needs no sign-in and does not expire
 * (a mail's link keeps working; what it can do is turn that one kind of mail off).
 */

const keys = new WeakMap<FastifyInstance, string>()

/** The app's key, read through `db` (a transaction of the caller's, on the embedded database). */
async function signingKey(app: FastifyInstance, db: Db) {
  let key = keys.get(app)
  if (!key) keys.set(app, (key = await generatedSetting(db, 'unsubscribe_key')))
  return key
}

const sign = (key: string, payload: string) =>
  createHmac('sha256', key).update(`unsubscribe:${payload}`).digest('base64url')

async function unsubscribeToken(
  app: FastifyInstance,
  db: Db,
  userId: string,
  kind: NotificationKind,
) {
  const payload = `${userId}.${kind}`
  return `${payload}.${sign(await signingKey(app, db), payload)}`
}

/** Who and what a token unsubscribes, or null when it is not one of ours. */
export async function readUnsubscribeToken(
  app: FastifyInstance,
  token: string,
): Promise<{ userId: string; kind: NotificationKind } | null> {
  // Exactly three parts: a token with more ("<token>.x") is not ours.
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [userId, kind, signature] = parts as [string, string, string]
  if (!userId || !kind || !signature || !NOTIFICATION_KINDS.includes(kind as NotificationKind))
    return null
  const expected = Buffer.from(sign(await signingKey(app, app.db), `${userId}.${kind}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { userId, kind: kind as NotificationKind }
}

/** The headers that let a mail client offer "Unsubscribe" and post it in one click. */
export async function unsubscribeHeaders(
  app: FastifyInstance,
  db: Db,
  userId: string,
  kind: NotificationKind,
) {
  const token = encodeURIComponent(await unsubscribeToken(app, db, userId, kind))
  return {
    'List-Unsubscribe': `<${app.config.appUrl}/api/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

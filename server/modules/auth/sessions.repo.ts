import { and, desc, eq, gt, inArray, lte, ne, or, sql, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { prepared } from '../../db/prepared'
import { organizations, people, sessions, users, withPerson } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/crypto'
import { iso } from '../../lib/dto'
import { callerColumns, callerOf, type FoundSession } from './caller'

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000
/** last_seen_at is written at most this often, so most requests cost one SELECT. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  meta: { userAgent?: string; ip?: string; ssoOrganizationId?: string },
) {
  const token = randomToken()
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    ssoOrganizationId: meta.ssoOrganizationId ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip ?? null,
    createdAt: now,
    updatedAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  })
  return token
}

/**
 * A session that is still alive at `now` (a value, or the prepared query's placeholder): within its
 * own bounds and within its company's limits (the security policy, decision 044). The query must
 * join the session's user and organization.
 */
const alive = (now: Date | SQLWrapper) =>
  and(
    gt(sessions.idleExpiresAt, now),
    gt(sessions.absoluteExpiresAt, now),
    sql`${sessions.lastSeenAt} + make_interval(mins => ${organizations.sessionIdleMinutes}) > ${now}`,
    sql`${sessions.createdAt} + make_interval(hours => ${organizations.sessionMaxHours}) > ${now}`,
  )

const sessionUserQuery = prepared((db) =>
  db
    .select({
      ...callerColumns,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      ssoOrganizationId: sessions.ssoOrganizationId,
      createdAt: sessions.createdAt,
      idleMinutes: organizations.sessionIdleMinutes,
      maxHours: organizations.sessionMaxHours,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(people, withPerson)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), alive(sql.placeholder('now'))))
    .prepare('find_session_user'),
)

/**
 * Resolves a session by its token's hash to its user in one query (every signed-in request that
 * misses the session cache runs it, so it reads only what authorisation needs); extends the idle
 * window now and then.
 */
export async function findSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<FoundSession | null> {
  const [row] = await sessionUserQuery(db).execute({ tokenHash, now: now.toISOString() })
  if (!row) return null
  const {
    lastSeenAt,
    idleExpiresAt,
    absoluteExpiresAt,
    createdAt,
    idleMinutes,
    maxHours,
    sessionId,
    ssoOrganizationId,
    ...fields
  } = row
  let idle = idleExpiresAt
  let seen = lastSeenAt
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    idle = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime()))
    seen = now
    await db
      .update(sessions)
      .set({ lastSeenAt: now, updatedAt: now, idleExpiresAt: idle })
      .where(eq(sessions.id, row.sessionId))
  }
  const user = callerOf(fields, { sessionId, token: null, ssoOrganizationId })
  const ends = Math.min(
    idle.getTime(),
    absoluteExpiresAt.getTime(),
    seen.getTime() + idleMinutes * 60_000,
    createdAt.getTime() + maxHours * 3_600_000,
  )
  return { user, expiresAt: new Date(ends) }
}

export async function findSessionUser(db: Db, token: string, now: Date) {
  return (await findSession(db, sha256(token), now))?.user ?? null
}

/** The session acts as another membership (of the same person) from now on. */
export async function switchSession(db: Db, sessionId: string, userId: string, now: Date) {
  await db.update(sessions).set({ userId, updatedAt: now }).where(eq(sessions.id, sessionId))
}

/** Answers whose session it was, if it existed. */
export async function deleteSessionByToken(db: Db, token: string) {
  const [deleted] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .returning({ userId: sessions.userId })
  return deleted?.userId
}

/** The ids of these people's memberships. */
export async function membershipsOfPeople(db: Db, personIds: string[]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.personId, personIds))
  return rows.map((row) => row.id)
}

/** The sessions of a person: those of each of their memberships. */
const ofPerson = (db: Db, personId: string) =>
  inArray(
    sessions.userId,
    db.select({ id: users.id }).from(users).where(eq(users.personId, personId)),
  )

export async function deletePersonSessions(db: Db, personId: string) {
  await db.delete(sessions).where(ofPerson(db, personId))
}

/** The person's unexpired sessions, most recently seen first; `currentId` marks the caller's. */
export async function listPersonSessions(db: Db, personId: string, currentId: string, now: Date) {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(people, withPerson)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(ofPerson(db, personId), alive(now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.id))
  return rows.map((row) => ({
    ...row,
    createdAt: iso(row.createdAt),
    lastSeenAt: iso(row.lastSeenAt),
    current: row.id === currentId,
  }))
}

/** One of the person's own sessions; false when it is not theirs (or gone). */
export async function deletePersonSession(db: Db, personId: string, id: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(ofPerson(db, personId), eq(sessions.id, id)))
    .returning({ id: sessions.id })
  return deleted.length > 0
}

/** Every session of the person but `keepId`; answers how many ended. */
export async function deleteOtherSessions(db: Db, personId: string, keepId: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(ofPerson(db, personId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id })
  return deleted.length
}

/** Sessions past their idle or absolute expiry: no cookie can use them again. */
export async function deleteExpiredSessions(db: Db, now: Date) {
  const deleted = await db
    .delete(sessions)
    .where(or(lte(sessions.idleExpiresAt, now), lte(sessions.absoluteExpiresAt, now)))
    .returning({ id: sessions.id })
  return deleted.length
}

/**
 * Tells every instance listening on `channel` (the session caches, plugins/session.ts) once the
 * caller's transaction, if any, commits.
 */
export async function notifyListeners(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}

import { and, eq, gt, inArray } from 'drizzle-orm'
import type { Role } from '@shared/schemas/auth'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'

export interface LiveSession {
  tokenHash: string
  userId: string
  organizationId: string
  role: Role
  clientId: string | null
}

/** Hashes per query: keeps the statement's parameter list small. */
const CHUNK = 500

/**
 * Which of these sessions are still live, and whose they are now. Unlike the session lookup of a
 * request, it never extends a session's idle window: a page left open is not a user at work.
 */
export async function liveSessions(db: Db, tokenHashes: string[], now: Date) {
  const found: LiveSession[] = []
  for (let i = 0; i < tokenHashes.length; i += CHUNK) {
    const rows = await db
      .select({
        tokenHash: sessions.tokenHash,
        userId: users.id,
        organizationId: users.organizationId,
        role: users.role,
        clientId: users.clientId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.tokenHash, tokenHashes.slice(i, i + CHUNK)),
          gt(sessions.idleExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      )
    found.push(...rows)
  }
  return new Map(found.map((row) => [row.tokenHash, row]))
}

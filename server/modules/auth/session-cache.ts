import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { sha256 } from '../../lib/crypto'
import { findTokenCaller } from '../api-tokens/api-tokens.repo'
import { findSession, membershipsOfPeople, notifyListeners } from './sessions.repo'
import type { FoundSession, SessionUser } from './caller'

/** The NOTIFY channel on which instances tell each other whose sessions changed. */
export const SESSIONS_CHANGED_CHANNEL = 'auditdesk_sessions_changed'
/** Sessions kept at most; past it the oldest entry goes. */
const MAX_ENTRIES = 10_000
/** How long a change waits to hear its own notification back (then it logs and carries on). */
const ECHO_WAIT_MS = 1_000

export interface SessionCache {
  /** The user of a live session, from memory while fresh, else from the database. */
  resolve(token: string, now: Date): Promise<SessionUser | null>
  /** The caller of a live API token (a bearer's secret), likewise; tokens and sessions never mix. */
  resolveApiToken(secret: string, now: Date): Promise<SessionUser | null>
  /**
   * Sessions, role, company or name of these users changed, or they are gone: every instance
   * forgets their cached sessions. Call it after the change is committed.
   */
  usersChanged(userIds: string[]): Promise<void>
  /** As `usersChanged`, for every membership of these people (their names, password, factors). */
  peopleChanged(personIds: string[]): Promise<void>
  close(): Promise<void>
}

interface Entry {
  user: SessionUser
  /** Epoch ms: the end of the cache's few seconds or of the session, whichever is first. */
  freshUntil: number
}

/**
 * Resolving the session is the one query every signed-in request makes (decision 016): for a few
 * seconds an instance reuses what it read, keyed by the token's hash. Every change that could
 * make that stale goes through `usersChanged`, which NOTIFYs every instance (PostgreSQL
 * LISTEN/NOTIFY; the embedded database hears its own). A read that was under way when a change
 * arrived is not kept (the generation moved), and while the listening connection is down nothing
 * is kept at all.
 */
export async function createSessionCache(options: {
  database: Database
  ttlMs: number
  log: FastifyBaseLogger
}): Promise<SessionCache> {
  const { database, ttlMs, log } = options
  const db = database.db
  // With no cache (SESSION_CACHE_SECONDS=0) nothing is kept, but changes are still announced:
  // the live streams end on them (events/hub.ts), whatever the cache setting.

  const entries = new Map<string, Entry>()
  let generation = 0
  let listening = true
  const echoes = new Map<string, () => void>()

  const forget = (userIds: string[]) => {
    generation += 1
    const ids = new Set(userIds)
    for (const [hash, entry] of entries) if (ids.has(entry.user.id)) entries.delete(hash)
  }

  const stopListening = await database.listen(
    SESSIONS_CHANGED_CHANNEL,
    (payload) => {
      const message = parseMessage(payload)
      if (!message) return log.warn({ payload }, 'unreadable session change notice ignored')
      forget(message.userIds)
      echoes.get(message.id)?.()
    },
    (resumed) => {
      // Changes may have gone unheard: start afresh, and keep nothing until listening again.
      generation += 1
      entries.clear()
      listening = resumed
      log.warn(
        { event: resumed ? 'session_cache.resumed' : 'session_cache.suspended' },
        resumed
          ? 'session cache: listening for changes again'
          : 'session cache: lost the connection that hears changes; every request reads the database',
      )
    },
  )

  /** `key` names the kind of credential too, so a session's token never finds an API token's entry. */
  async function resolveWith(
    key: string,
    hash: string,
    now: Date,
    find: (db: Database['db'], hash: string, now: Date) => Promise<FoundSession | null>,
  ) {
    const cached = entries.get(key)
    if (cached && cached.freshUntil > now.getTime()) return cached.user
    if (cached) entries.delete(key)
    const startedAt = generation
    const found = await find(db, hash, now)
    if (!found) return null
    if (ttlMs > 0 && listening && generation === startedAt) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(key, {
        user: found.user,
        freshUntil: Math.min(now.getTime() + ttlMs, found.expiresAt.getTime()),
      })
    }
    return found.user
  }

  const cache: SessionCache = {
    resolve(token, now) {
      const hash = sha256(token)
      return resolveWith(hash, hash, now, findSession)
    },

    resolveApiToken(secret, now) {
      const hash = sha256(secret)
      return resolveWith(`api:${hash}`, hash, now, findTokenCaller)
    },

    async usersChanged(userIds) {
      if (userIds.length === 0) return
      forget(userIds)
      // Back from our own listener means the server has handed it to every listener.
      const id = randomUUID()
      const heard = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ECHO_WAIT_MS)
        echoes.set(id, () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
      try {
        await notifyListeners(db, SESSIONS_CHANGED_CHANNEL, JSON.stringify({ id, userIds }))
        if (!(await heard))
          log.warn({ event: 'session_cache.unheard' }, 'session change notice not heard back')
      } catch (err) {
        // The change itself is committed; other instances' copies end with their few seconds.
        log.error(
          { err, event: 'session_cache.notify_failed' },
          'could not announce a session change',
        )
      } finally {
        echoes.delete(id)
      }
    },

    async peopleChanged(personIds) {
      if (personIds.length > 0) await cache.usersChanged(await membershipsOfPeople(db, personIds))
    },

    async close() {
      entries.clear()
      await stopListening()
    },
  }
  return cache
}

function parseMessage(payload: string): { id: string; userIds: string[] } | undefined {
  try {
    const message = JSON.parse(payload) as { id?: unknown; userIds?: unknown }
    if (
      typeof message.id === 'string' &&
      Array.isArray(message.userIds) &&
      message.userIds.every((id) => typeof id === 'string')
    )
      return { id: message.id, userIds: message.userIds as string[] }
  } catch {
    // falls through
  }
  return undefined
}

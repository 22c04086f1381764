import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import { isFirm, type Principal } from '../../access/principal'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { SESSIONS_CHANGED_CHANNEL } from '../auth/session-cache'
import { mayHear } from '../../access/audience'
import { CHANGES_CHANNEL, type Change } from './changes'
import { liveSessions } from './events.repo'
import { EVERYTHING, openEventStream, type EventStream } from './sse'

/** How often each stream gets a comment (proxies close idle connections) and its session is checked. */
export const PING_MS = 25_000
/** Open streams per user on one instance: a tab each; more is a runaway client. */
export const MAX_STREAMS_PER_USER = 10
/** Told to a refused stream: a place frees up when a stream closes, a dead one found by a ping. */
const RETRY_AFTER = { 'Retry-After': String(PING_MS / 1000) }

interface Subscriber {
  userId: string
  organizationId: string
  role: Principal['role']
  clientId: string | null
  firm: boolean
  /** Of the session cookie the stream was opened with; never the token itself. */
  sessionHash: string
  /** Absent while the hub is still starting to listen. */
  stream?: EventStream
}

export interface Hub {
  /** Answers the request with a stream of the changes `principal` may hear of. */
  connect(reply: FastifyReply, principal: Principal, sessionHash: string): Promise<void>
  /** Ends every stream (their clients reconnect, to another instance) and stops listening. */
  close(): Promise<void>
}

/**
 * The open event streams of one app, fed by one LISTEN (started with the first stream): each
 * change goes to the streams that may hear of it (changes.ts). A second LISTEN, on the session
 * caches' channel, ends at once the streams of a user who signed out, was removed or changed role;
 * the ping re-checks every session as well (expiry).
 */
export function createHub(options: {
  database: Database
  clock: Clock
  log: FastifyBaseLogger
  /** EVENT_STREAMS_PER_COMPANY and EVENT_STREAMS_PER_INSTANCE: one firm cannot take them all. */
  limits: Config['eventStreams']
}): Hub {
  const { database, clock, log, limits } = options
  const all = new Set<Subscriber>()
  const byUser = new Map<string, Set<Subscriber>>()
  const byOrganization = new Map<string, Set<Subscriber>>()
  let starting: Promise<void> | undefined
  let stops: (() => Promise<void>)[] = []
  let pinger: NodeJS.Timeout | undefined
  let deaf = false
  let closed = false

  const index = (map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber) =>
    map.set(key, (map.get(key) ?? new Set()).add(subscriber))
  const unindex = (map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber) => {
    const set = map.get(key)
    set?.delete(subscriber)
    if (set?.size === 0) map.delete(key)
  }
  const add = (subscriber: Subscriber) => {
    all.add(subscriber)
    index(byUser, subscriber.userId, subscriber)
    index(byOrganization, subscriber.organizationId, subscriber)
  }
  const remove = (subscriber: Subscriber) => {
    all.delete(subscriber)
    unindex(byUser, subscriber.userId, subscriber)
    unindex(byOrganization, subscriber.organizationId, subscriber)
  }
  const streaming = (subscribers: Iterable<Subscriber>) =>
    [...subscribers].filter((s) => s.stream && !s.stream.closed)

  function onChange(payload: string) {
    const change = parseChange(payload)
    if (!change) return log.warn({ event: 'events.unreadable_change' }, 'unreadable change ignored')
    for (const subscriber of byOrganization.get(change.organizationId) ?? [])
      if (mayHear(subscriber, change)) subscriber.stream?.change(change.topics)
  }

  function onGap(listening: boolean) {
    if (!listening) {
      deaf = true
      return
    }
    if (!deaf) return
    deaf = false
    // Whatever happened while deaf went unheard: every page reloads, every session is re-checked.
    for (const subscriber of all) subscriber.stream?.change(EVERYTHING)
    void checkSessions(all)
  }

  function onSessionsChanged(payload: string) {
    const userIds = parseUserIds(payload)
    if (!userIds) return
    const affected = userIds.flatMap((id) => [...(byUser.get(id) ?? [])])
    if (affected.length > 0) void checkSessions(affected)
  }

  /** Ends the streams whose session is over or whose user is no longer who they were. */
  async function checkSessions(subscribers: Iterable<Subscriber>) {
    const open = streaming(subscribers)
    if (open.length === 0) return
    try {
      const live = await liveSessions(
        database.db,
        [...new Set(open.map((s) => s.sessionHash))],
        clock(),
      )
      for (const subscriber of open) {
        const now = live.get(subscriber.sessionHash)
        const same =
          now !== undefined &&
          now.userId === subscriber.userId &&
          now.organizationId === subscriber.organizationId &&
          now.role === subscriber.role &&
          now.clientId === subscriber.clientId
        if (!same) subscriber.stream!.end('session')
      }
    } catch (err) {
      // The streams go on; the next ping tries again.
      log.warn({ err, event: 'events.session_check_failed' }, 'could not re-check live sessions')
    }
  }

  function ping() {
    const open = streaming(all)
    for (const subscriber of open) subscriber.stream!.ping()
    void checkSessions(open)
  }

  async function stopListening() {
    const current = stops
    stops = []
    clearInterval(pinger)
    pinger = undefined
    for (const stop of current) await stop().catch(() => {})
  }

  function start() {
    starting ??= (async () => {
      stops.push(await database.listen(CHANGES_CHANNEL, onChange, onGap))
      // A gap on this channel is one on the other (one connection): reported once, above.
      stops.push(await database.listen(SESSIONS_CHANGED_CHANNEL, onSessionsChanged, () => {}))
      pinger = setInterval(ping, PING_MS)
      pinger.unref()
    })().catch(async (error: unknown) => {
      await stopListening()
      starting = undefined
      throw error
    })
    return starting
  }

  let lastLogged = 0
  /** Per user, per company, per instance, in that order: the message names the one reached. */
  function refuseOverLimit(principal: Principal) {
    if ((byUser.get(principal.userId)?.size ?? 0) >= MAX_STREAMS_PER_USER)
      throw new AppError(
        'RATE_LIMITED',
        `Live updates are already open in ${MAX_STREAMS_PER_USER} tabs or windows for your account. Close some of them and reload this page.`,
        undefined,
        RETRY_AFTER,
      )
    const company = (byOrganization.get(principal.organizationId)?.size ?? 0) >= limits.perCompany
    if (!company && all.size < limits.perInstance) return
    if (Date.now() - lastLogged > 10_000) {
      lastLogged = Date.now()
      log.warn(
        {
          event: 'events.streams_capped',
          organizationId: company ? principal.organizationId : undefined,
          open: company ? limits.perCompany : limits.perInstance,
        },
        company
          ? 'live update stream refused: EVENT_STREAMS_PER_COMPANY reached for this company'
          : 'live update stream refused: EVENT_STREAMS_PER_INSTANCE reached',
      )
    }
    throw new AppError(
      'RATE_LIMITED',
      company
        ? `Live updates are already open in ${limits.perCompany} tabs and windows across your company, the most this server takes for one company. The page keeps working and reconnects by itself when a place frees up.`
        : 'This server is carrying as many live updates as it can. The page keeps working and reconnects by itself when a place frees up.',
      undefined,
      RETRY_AFTER,
    )
  }

  const shuttingDown = () =>
    new AppError('UNAVAILABLE', 'The server is restarting. Please try again in a moment.')

  return {
    async connect(reply, principal, sessionHash) {
      if (closed) throw shuttingDown()
      refuseOverLimit(principal)
      const subscriber: Subscriber = {
        userId: principal.userId,
        organizationId: principal.organizationId,
        role: principal.role,
        clientId: principal.clientId,
        firm: isFirm(principal),
        sessionHash,
      }
      // Counted from now on, so that requests arriving together cannot pass the limit.
      add(subscriber)
      try {
        await start()
        if (closed) throw shuttingDown()
      } catch (error) {
        remove(subscriber)
        throw error
      }
      reply.hijack()
      // The client left while the hub was starting: nothing to answer.
      if (reply.raw.destroyed) return remove(subscriber)
      subscriber.stream = openEventStream(reply.raw, reply.getHeaders(), () => remove(subscriber))
    },

    async close() {
      closed = true
      for (const subscriber of all) subscriber.stream?.close()
      await starting?.catch(() => {})
      await stopListening()
    },
  }
}

function parseChange(payload: string): Change | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Change>
    const strings = (list: unknown): list is string[] =>
      Array.isArray(list) && list.every((item) => typeof item === 'string')
    if (
      typeof value.organizationId === 'string' &&
      (value.clientId === null || typeof value.clientId === 'string') &&
      (value.userIds === undefined || strings(value.userIds)) &&
      strings(value.topics)
    )
      return value as Change
  } catch {
    // falls through
  }
  return undefined
}

/** The users of a session change notice (session-cache.ts: `{ id, userIds }`). */
function parseUserIds(payload: string): string[] | undefined {
  try {
    const { userIds } = JSON.parse(payload) as { userIds?: unknown }
    if (Array.isArray(userIds) && userIds.every((id) => typeof id === 'string'))
      return userIds as string[]
  } catch {
    // falls through
  }
  return undefined
}

import type { QueryClient } from '@tanstack/react-query'
import type { eventsApi } from '@shared/api/reminders'
import { invalidateTopics } from './live-topics'

export const EVENTS_PATH: (typeof eventsApi.stream)['path'] = '/api/events'

/** What of an EventSource is used here (tests pass a stand-in). */
export interface LiveSource {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  close(): void
}

/** EventSource.CLOSED: the browser gave up on the stream and will not reconnect by itself. */
const CLOSED = 2
/** After the browser gave up (an error answer, not a dropped connection): first wait, then doubling. */
const FIRST_RETRY_MS = 3_000
const MAX_RETRY_MS = 60_000

export interface LiveUpdatesOptions {
  queryClient: QueryClient
  open: () => LiveSource
  /**
   * The server ended the stream (the session is over or its user changed), or refused it: the
   * session is checked again, which signs the user out or reconnects with their new role.
   */
  recheckSession: () => void
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/**
 * Keeps one live stream open and reloads what its `change` events name. A dropped connection is
 * reconnected by the browser (the server asks for 3 s); an answer other than the stream (a proxy's
 * 502 during a deploy, 429) makes it give up, and then it is opened again here, later each time.
 * Once reconnected, everything is reloaded, since changes may have been missed meanwhile; after an
 * `end` it stays closed. Returns the function that closes it.
 */
export function connectLiveUpdates({
  queryClient,
  open,
  recheckSession,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: LiveUpdatesOptions): () => void {
  let source: LiveSource | undefined
  let timer: unknown
  let stopped = false
  let connectedBefore = false
  let retryMs = FIRST_RETRY_MS

  const connect = () => {
    timer = undefined
    const current = open()
    source = current
    current.addEventListener('ready', () => {
      retryMs = FIRST_RETRY_MS
      if (connectedBefore) void queryClient.invalidateQueries()
      connectedBefore = true
    })
    current.addEventListener('change', (event) => {
      const topics = topicsOf(event.data)
      if (topics.length > 0) void invalidateTopics(queryClient, topics)
    })
    current.addEventListener('end', () => {
      current.close()
      stopped = true
      recheckSession()
    })
    current.addEventListener('error', () => {
      if (stopped || current.readyState !== CLOSED) return
      recheckSession()
      timer = setTimer(connect, retryMs)
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
    })
  }
  connect()

  return () => {
    stopped = true
    if (timer !== undefined) clearTimer(timer)
    source?.close()
  }
}

function topicsOf(data: string): string[] {
  try {
    const { topics } = JSON.parse(data) as { topics?: unknown }
    if (Array.isArray(topics)) return topics.filter((t): t is string => typeof t === 'string')
  } catch {
    // Not ours: nothing to reload.
  }
  return []
}

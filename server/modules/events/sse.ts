import type { ServerResponse } from 'node:http'

/** How long the browser waits before it reconnects a dropped stream (EventSource's `retry`). */
export const RETRY_MS = 3_000

/** Topics that tell the client to reload everything it shows. */
export const EVERYTHING = ['*']

/** Pings a stream may stay unable to take more before it is dropped (its reader is stuck). */
const MAX_STALLED_PINGS = 2

export interface EventStream {
  /** Sends a `change` event; coalesced into one `*` while the connection cannot keep up. */
  change(topics: string[]): void
  /** A comment that keeps proxies from closing an idle connection. */
  ping(): void
  /** Tells the client not to reconnect (its session is over), then closes. */
  end(reason: string): void
  /** Closes without a word: the client reconnects (shutdown). */
  close(): void
  readonly closed: boolean
}

const frame = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

/**
 * Starts a Server-Sent Events answer on a response the framework has let go of (hijacked):
 * writes the headers, the reconnection delay and a `ready` event, and ends there unless
 * `keepOpen`. `headers` are the ones already set for every answer (security headers), which the
 * stream keeps.
 */
export function openEventStream(
  raw: ServerResponse,
  headers: Record<string, string | number | string[] | undefined>,
  onClose: () => void,
  { keepOpen = true }: { keepOpen?: boolean } = {},
): EventStream {
  let closed = !keepOpen
  let behind = false
  let stalledPings = 0

  raw.once('close', () => {
    closed = true
    onClose()
  })
  raw.on('drain', () => {
    stalledPings = 0
    if (!behind || closed) return
    behind = false
    raw.write(frame('change', { topics: EVERYTHING }))
  })
  // Nothing more will be read from the request; a dropped client is reported by 'close'.
  raw.on('error', () => {})

  const kept = Object.entries(headers).filter(
    (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
  )
  raw.writeHead(200, {
    ...Object.fromEntries(kept),
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  })
  const opening = `retry: ${RETRY_MS}\n\n${frame('ready', {})}`
  if (keepOpen) {
    raw.write(opening)
    // Small frames must leave at once, not wait for more.
    raw.socket?.setNoDelay(true)
  } else raw.end(opening)

  const stream: EventStream = {
    get closed() {
      return closed
    },
    change(topics) {
      if (closed) return
      // What is dropped here is made up for by one "reload everything" once the client catches up.
      if (raw.writableNeedDrain) behind = true
      else raw.write(frame('change', { topics }))
    },
    ping() {
      if (closed) return
      if (raw.writableNeedDrain) {
        if (++stalledPings >= MAX_STALLED_PINGS) raw.destroy()
        return
      }
      raw.write(': ping\n\n')
    },
    end(reason) {
      if (closed) return
      closed = true
      raw.end(frame('end', { reason }))
    },
    close() {
      if (closed) return
      closed = true
      // The connection goes too: left open for keep-alive, it would hold up the server's close.
      raw.end(() => raw.destroy())
    },
  }
  return stream
}

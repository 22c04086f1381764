// One load run against one URL with autocannon, boiled down to the figures the table shows.
import { readFile } from 'node:fs/promises'
import autocannon, { type Options } from 'autocannon'

export interface Load {
  url: string
  /** The server process, to read its CPU time. */
  pid?: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: unknown
  /**
   * A URL that queues behind the requests already in the server (a database ping): awaited after
   * each load, since the server keeps working off requests autocannon has given up waiting for.
   */
  drainUrl: string
}

export interface Figures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Connection errors (timeouts included) and non-2xx answers. */
  errors: number
  /**
   * CPU time the server process spent per answered request (user + system), in ms; null where
   * /proc is missing. Steadier than requests/s on a shared machine: other load slows the clock,
   * not the work.
   */
  cpuMsPerRequest: number | null
}

export interface LoadSettings {
  durationSeconds: number
  connections: number
  /** Seconds of unmeasured load first (JIT, caches, connection pools); 0 for none. */
  warmupSeconds: number
}

function options(load: Load, connections: number, duration: number): Options {
  return {
    url: load.url,
    method: load.method ?? 'GET',
    headers: load.headers ?? {},
    body: load.body === undefined ? undefined : JSON.stringify(load.body),
    connections,
    duration,
    timeout: 30,
  }
}

/**
 * Waits until the server is idle: a request queues behind at most one stage of each request in
 * flight (session, then list query), so ping until two pings in a row come back quickly.
 */
async function drain(url: string) {
  const deadline = Date.now() + 600_000
  let quick = 0
  while (quick < 2) {
    if (Date.now() > deadline) throw new Error(`${url}: the server did not settle`)
    const started = performance.now()
    const response = await fetch(url, { signal: AbortSignal.timeout(600_000) })
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    quick = performance.now() - started < 50 ? quick + 1 : 0
  }
}

export async function measure(load: Load, settings: LoadSettings): Promise<Figures> {
  if (settings.warmupSeconds > 0) {
    await autocannon(options(load, settings.connections, settings.warmupSeconds))
    await drain(load.drainUrl)
  }
  const cpuBefore = await cpuMs(load.pid)
  const result = await autocannon(options(load, settings.connections, settings.durationSeconds))
  await drain(load.drainUrl)
  const cpuAfter = await cpuMs(load.pid)
  const answered = result.requests.total
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || answered === 0
        ? null
        : (cpuAfter - cpuBefore) / answered,
  }
}

/** user + system CPU time of a process in ms, from /proc/<pid>/stat (Linux); null elsewhere. */
async function cpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null
  } catch {
    return null
  }
}

/** USER_HZ: 100 on every Linux architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100

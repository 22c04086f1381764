import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks'

interface TenantScope {
  organizationId?: string
  /** Ends the request's firm turn early (FirmTurns); set while it holds one. */
  leaveTurn?: () => void
}

/**
 * Which company the work under way is for, where it is needed without being passed along: the
 * embedded database's turns (db/client.ts) and its firm turns (below). Set around the handler of
 * every signed-in route on the embedded database (plugins/contract.ts); work outside a handler
 * (jobs, the session lookup, a file streamed after its handler returned) has none and shares one
 * line. Not used on PostgreSQL, where nothing needs it.
 */
const storage = new AsyncLocalStorage<TenantScope>()

/** The company of the work under way, or '' when none is known. */
export const currentTenant = () => storage.getStore()?.organizationId ?? ''

/**
 * `source`, read as the current company's wherever it is read from: a download streamed after its
 * handler returned is read from the connection's events, where the company is not known.
 */
export function readAsTenant<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  if (!storage.getStore()) return source
  const iterator = source[Symbol.asyncIterator]()
  const next = AsyncResource.bind(() => iterator.next())
  const end = AsyncResource.bind(
    (value?: unknown) =>
      iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined }),
  )
  return {
    [Symbol.asyncIterator]: () => ({ next, return: end }) as AsyncIterator<T>,
  }
}

/**
 * Ends the current request's firm turn, if it holds one, before it waits for something that is
 * not the database (heavy work's own turn, lib/heavy-work.ts), so that the firm's other requests
 * are not held up meanwhile.
 */
export function leaveFirmTurn() {
  storage.getStore()?.leaveTurn?.()
}

/**
 * On the embedded database, one request of a firm at a time (its handler; others of the firm wait
 * in order), because there every request in flight takes the one connection and the one thread in
 * each turn of the event loop: a firm with three requests in flight got three statements for each
 * one of another firm's (decision 022). On PostgreSQL (`enabled` false) `run` just runs.
 */
export interface FirmTurns {
  /**
   * `work` (a request's handler) as the firm's: in the firm's turn, unless `turn` is false (a
   * file or stream sent for as long as the client reads, an upload that reads its body).
   */
  run<T>(organizationId: string, work: () => Promise<T>, options?: { turn?: boolean }): Promise<T>
}

export function createFirmTurns(enabled: boolean): FirmTurns {
  /** Firms with a request in its turn, and the requests of each waiting for theirs, in order. */
  const lines = new Map<string, Array<() => void>>()

  function take(firm: string): Promise<void> | undefined {
    const line = lines.get(firm)
    if (!line) {
      lines.set(firm, [])
      return undefined
    }
    return new Promise((resolve) => line.push(resolve))
  }

  function handOver(firm: string) {
    const line = lines.get(firm)
    const next = line?.shift()
    if (next) next()
    else lines.delete(firm)
  }

  async function inTurn<T>(scope: TenantScope, firm: string, work: () => Promise<T>) {
    await take(firm)
    let held = true
    const leave = () => {
      if (!held) return
      held = false
      handOver(firm)
    }
    scope.leaveTurn = leave
    try {
      return await work()
    } finally {
      leave()
    }
  }

  return {
    run(firm, work, { turn = true } = {}) {
      if (!enabled) return work()
      const scope: TenantScope = { organizationId: firm }
      return storage.run(scope, () => (turn ? inTurn(scope, firm, work) : work()))
    },
  }
}

import { finished, type Readable } from 'node:stream'
import { AppError } from './errors'
import { leaveFirmTurn } from './tenant'

/** Heavy operations of one firm at once on one instance; more wait their turn. */
const PER_FIRM = 1
/** Heavy operations of all firms at once on one instance (a share of its cores and connections). */
const TOTAL = 2
/** Operations of one firm waiting for their turn, beyond which it is told to come back later. */
const MAX_WAITING_PER_FIRM = 5
/** A firm that made a signed-in request this recently is at work (see `pace`). */
const AT_WORK_MS = 10_000
/**
 * The share of an instance's time a firm's heavy operations may take while another firm is at
 * work (decision 053). The embedded database has one connection and one thread for every firm; on
 * PostgreSQL the instance's thread and cores are still shared.
 */
export const HEAVY_WORK_SHARE = { pglite: 1 / 20, postgres: 1 / 4 } as const
/** The longest pause between a firm's heavy operations, however long the last one took. */
const MAX_PAUSE_MS = 5_000

export interface HeavyWorkOptions {
  /**
   * The share of the instance's time one firm's heavy operations may take while another firm is
   * at work: after an operation (`run`) that took d ms, the firm's next waits d × (1 / share − 1).
   * 1 (the default) never pauses. Streamed files are not paced: their time is the client's.
   */
  shareWhileOthersWork?: number
  /** Milliseconds, monotonic (tests pass their own). */
  now?: () => number
}

export interface HeavyWork {
  /**
   * Waits for the firm's turn to start a heavy operation (an export, a change to hundreds of
   * requests) and answers the function that ends it: call it exactly once, when the work is
   * over (for a streamed answer, when the stream ends or breaks). 429 when the firm already has
   * enough waiting.
   */
  acquire(organizationId: string): Promise<() => void>
  /** `work` in the firm's turn; with pacing, the firm's next turn waits in proportion to it. */
  run<T>(organizationId: string, work: () => Promise<T>): Promise<T>
  /**
   * A file streamed in the firm's turn: `make` opens it, and the turn is held until its stream has
   * been read to the end, has failed or has been abandoned (the client went away), never longer.
   */
  stream<T extends { stream: Readable }>(organizationId: string, make: () => Promise<T>): Promise<T>
  /** The firm is at work (a signed-in request of it has arrived): other firms' heavy work is paced. */
  atWork(organizationId: string): void
}

/**
 * One firm's exports and bulk changes cannot take every connection and core of an instance from
 * the others (issue 22): each firm runs at most PER_FIRM at a time, all firms together at most
 * TOTAL, and when a slot frees, the firms waiting take turns (round robin), so a firm that queues
 * many gets no more turns than one that queues one. Per instance: with N instances a firm runs at
 * most N × PER_FIRM at once.
 *
 * Pacing (`shareWhileOthersWork`, decision 053): on the embedded database one change to hundreds
 * of requests holds the only connection for 100–300 ms, and a firm changing them back to back held
 * it most of the time, so another firm's every other page load waited behind one. While another
 * firm is at work, a firm's heavy operations are spaced so that they take at most that share of
 * the time; alone on the instance a firm is never paced.
 */
export function createHeavyWork(options: HeavyWorkOptions = {}): HeavyWork {
  const share = options.shareWhileOthersWork ?? 1
  const now = options.now ?? (() => performance.now())
  const runningByFirm = new Map<string, number>()
  /** Firms with operations waiting, in the order of their turns. */
  const waiting = new Map<string, Array<(release: () => void) => void>>()
  /** Firms whose next heavy operation waits for the end of their pause. */
  const paused = new Set<string>()
  /** When each firm last had a signed-in request (only kept while pacing). */
  const lastAtWork = new Map<string, number>()
  let running = 0

  const mayStart = (firm: string) =>
    running < TOTAL && (runningByFirm.get(firm) ?? 0) < PER_FIRM && !paused.has(firm)

  function othersAtWork(firm: string) {
    const since = now() - AT_WORK_MS
    let found = false
    for (const [other, at] of lastAtWork) {
      if (at < since) lastAtWork.delete(other)
      else if (other !== firm) found = true
    }
    return found
  }

  /** After an operation of `took` ms, the firm's next waits its pause if others are at work. */
  function pace(firm: string, took: number) {
    if (share >= 1 || !othersAtWork(firm)) return
    const pause = Math.min(MAX_PAUSE_MS, took * (1 / share - 1))
    paused.add(firm)
    setTimeout(() => {
      paused.delete(firm)
      next()
    }, pause).unref()
  }

  function start(firm: string) {
    running += 1
    runningByFirm.set(firm, (runningByFirm.get(firm) ?? 0) + 1)
    let ended = false
    return () => {
      if (ended) return
      ended = true
      running -= 1
      const left = (runningByFirm.get(firm) ?? 1) - 1
      if (left === 0) runningByFirm.delete(firm)
      else runningByFirm.set(firm, left)
      next()
    }
  }

  function next() {
    for (const [firm, queue] of waiting) {
      if (!mayStart(firm)) continue
      const wake = queue.shift()!
      // The firm goes to the back of the line for its next turn.
      waiting.delete(firm)
      if (queue.length > 0) waiting.set(firm, queue)
      wake(start(firm))
      if (running >= TOTAL) return
    }
  }

  const heavyWork: HeavyWork = {
    async acquire(firm) {
      // Heavy work has its own turns: the firm's other requests need not wait for this one.
      leaveFirmTurn()
      if (mayStart(firm) && !waiting.has(firm)) return start(firm)
      const queue = waiting.get(firm) ?? []
      if (queue.length >= MAX_WAITING_PER_FIRM)
        throw new AppError(
          'RATE_LIMITED',
          'Your firm already has several exports or changes to many requests under way. Please try again when they are done.',
          undefined,
          { 'Retry-After': '10' },
        )
      waiting.set(firm, queue)
      return new Promise<() => void>((resolve) => queue.push(resolve))
    },
    async run(firm, work) {
      const release = await heavyWork.acquire(firm)
      const started = now()
      try {
        return await work()
      } finally {
        pace(firm, now() - started)
        release()
      }
    },
    async stream(firm, make) {
      const release = await heavyWork.acquire(firm)
      try {
        const made = await make()
        finished(made.stream, () => release())
        return made
      } catch (error) {
        release()
        throw error
      }
    },
    atWork(firm) {
      if (share < 1) lastAtWork.set(firm, now())
    },
  }
  return heavyWork
}

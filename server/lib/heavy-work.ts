import { finished, type Readable } from 'node:stream'
import { AppError } from './errors'
import { leaveFirmTurn } from './tenant'

/** Heavy operations of one firm at once on one instance; more wait their turn. */
const PER_FIRM = 1
/** Heavy operations of all firms at once on one instance (a share of its cores and connections). */
const TOTAL = 2
/** Operations of one firm waiting for their turn, beyond which it is told to come back later. */
const MAX_WAITING_PER_FIRM = 5

export interface HeavyWork {
  /**
   * Waits for the firm's turn to start a heavy operation (an export, a change to hundreds of
   * requests) and answers the function that ends it: call it exactly once, when the work is
   * over (for a streamed answer, when the stream ends or breaks). 429 when the firm already has
   * enough waiting.
   */
  acquire(organizationId: string): Promise<() => void>
  /** `work` in the firm's turn. */
  run<T>(organizationId: string, work: () => Promise<T>): Promise<T>
  /**
   * A file streamed in the firm's turn: `make` opens it, and the turn is held until its stream has
   * been read to the end, has failed or has been abandoned (the client went away), never longer.
   */
  stream<T extends { stream: Readable }>(organizationId: string, make: () => Promise<T>): Promise<T>
}

/**
 * One firm's exports and bulk changes cannot take every connection and core of an instance from
 * the others (issue 22): each firm runs at most PER_FIRM at a time, all firms together at most
 * TOTAL, and when a slot frees, the firms waiting take turns (round robin), so a firm that queues
 * many gets no more turns than one that queues one. Per instance: with N instances a firm runs at
 * most N × PER_FIRM at once.
 */
export function createHeavyWork(): HeavyWork {
  const runningByFirm = new Map<string, number>()
  /** Firms with operations waiting, in the order of their turns. */
  const waiting = new Map<string, Array<(release: () => void) => void>>()
  let running = 0

  const mayStart = (firm: string) => running < TOTAL && (runningByFirm.get(firm) ?? 0) < PER_FIRM

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
      try {
        return await work()
      } finally {
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
  }
  return heavyWork
}

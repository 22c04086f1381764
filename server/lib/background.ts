import type { FastifyBaseLogger } from 'fastify'

export interface Background {
  /**
   * Runs the task after the current request's reply: the answer never waits for it, and a failure
   * is logged, never shown to the requester.
   */
  run(name: string, task: () => Promise<unknown>): void
  /**
   * Work under way for a request (its handler): shutdown waits for it too, since its client may
   * have gone away (the server then counts the connection as closed) while it still runs.
   */
  track<T>(work: Promise<T>): Promise<T>
  /** Resolves when every task handed to run() and all tracked work have finished (shutdown, tests). */
  flush(): Promise<void>
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<unknown>>()
  return {
    run(name, task) {
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, task: name }, 'background task failed'),
        )
        .finally(() => pending.delete(job))
      pending.add(job)
    },
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      )
      pending.add(settled)
      void settled.finally(() => pending.delete(settled))
      return work
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}

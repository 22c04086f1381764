import type { FastifyBaseLogger } from 'fastify'

export interface Background {
  /**
   * Runs the task after the current request's reply: the answer never waits for it, and a failure
   * is logged, never shown to the requester.
   */
  run(name: string, task: () => Promise<unknown>): void
  /** Resolves when every task handed to run() has finished (shutdown, tests). */
  flush(): Promise<void>
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>()
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
    async flush() {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}

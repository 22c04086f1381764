/**
 * One holder at a time, and those waiting served in turns by key: when the holder is done, the
 * key first in line goes, then to the back of the line. A key with a hundred waiting gets one turn
 * in each round, as does a key with one, so nobody waits behind all of another's backlog.
 */
export interface FairGate {
  run<T>(key: string, work: () => Promise<T>): Promise<T>
}

export function createFairGate(): FairGate {
  let held = false
  /** Keys with work waiting, in the order of their turns. */
  const waiting = new Map<string, Array<() => void>>()

  function handOver() {
    const first = waiting.entries().next()
    if (first.done) {
      held = false
      return
    }
    const [key, queue] = first.value
    waiting.delete(key)
    const wake = queue.shift()!
    if (queue.length > 0) waiting.set(key, queue)
    wake()
  }

  return {
    async run(key, work) {
      if (held)
        await new Promise<void>((resolve) => {
          const queue = waiting.get(key)
          if (queue) queue.push(resolve)
          else waiting.set(key, [resolve])
        })
      else held = true
      try {
        return await work()
      } finally {
        handOver()
      }
    },
  }
}

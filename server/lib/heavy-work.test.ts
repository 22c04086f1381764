import { Readable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHeavyWork } from './heavy-work'

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('heavy work of firms', () => {
  it('runs one operation per firm and two in all; firms waiting take turns', async () => {
    const work = createHeavyWork()
    const started: string[] = []
    const take = (firm: string, label: string) =>
      work.acquire(firm).then((release) => {
        started.push(label)
        return release
      })
    const a1 = take('a', 'a1')
    const a2 = take('a', 'a2')
    const a3 = take('a', 'a3')
    const b1 = take('b', 'b1')
    const c1 = take('c', 'c1')
    await tick()
    // One of a, one of b: the two slots; a's others and c wait.
    expect(started).toEqual(['a1', 'b1'])
    ;(await a1)()
    await tick()
    // The slot goes to the first firm in line (a), which then goes to the back of it.
    expect(started).toEqual(['a1', 'b1', 'a2'])
    ;(await b1)()
    await tick()
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1'])
    ;(await a2)()
    await tick()
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1', 'a3'])
    ;(await c1)()
    ;(await a3)()
  })

  it('a firm with five waiting is told to come back later (429); releasing twice frees one slot', async () => {
    const work = createHeavyWork()
    const first = await work.acquire('a')
    const waiting = Array.from({ length: 5 }, () => work.acquire('a'))
    await expect(work.acquire('a')).rejects.toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 })
    // Other firms are not affected.
    const other = await work.acquire('b')
    first()
    first()
    const second = await waiting[0]!
    let third = false
    void waiting[1]!.then(() => (third = true))
    await tick()
    expect(third).toBe(false)
    second()
    other()
    for (const next of waiting.slice(1)) (await next)()
  })

  it('run() releases when the work fails', async () => {
    const work = createHeavyWork()
    await expect(work.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await work.run('a', async () => 'next')).toBe('next')
  })

  it('a streamed file holds the turn until it is read, fails or is abandoned, even unread', async () => {
    const work = createHeavyWork()
    const file = () => work.stream('a', async () => ({ stream: Readable.from(['one', 'two']) }))
    /** The firm's next operation, and whether its turn has come. */
    const next = () => {
      const state = { started: false, release: Promise.resolve(() => {}) }
      state.release = work.acquire('a').then((release) => {
        state.started = true
        return release
      })
      return state
    }

    const read = await file()
    const afterRead = next()
    await tick()
    expect(afterRead.started).toBe(false)
    for await (const _chunk of read.stream);
    await tick()
    expect(afterRead.started).toBe(true)
    ;(await afterRead.release)()

    // Abandoned before its first byte (the client went away).
    const abandoned = await file()
    const afterAbandoned = next()
    await tick()
    expect(afterAbandoned.started).toBe(false)
    abandoned.stream.destroy()
    await tick()
    expect(afterAbandoned.started).toBe(true)
    ;(await afterAbandoned.release)()

    // The file could not be made: the turn is not kept.
    await expect(work.stream('a', () => Promise.reject(new Error('no file')))).rejects.toThrow(
      'no file',
    )
    const afterFailure = next()
    await tick()
    expect(afterFailure.started).toBe(true)
    ;(await afterFailure.release)()
  })

  describe('pacing while other firms work', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    /** Heavy work with a share of 1/5 on a fake clock, and a's operation that takes `ms`. */
    function paced() {
      vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] })
      const work = createHeavyWork({ shareWhileOthersWork: 1 / 5, now: () => Date.now() })
      const operation = (firm: string, ms: number) =>
        work.run(firm, async () => {
          vi.setSystemTime(Date.now() + ms)
        })
      /** Whether the firm's next operation starts before `ms` have passed, and after. */
      async function nextStarts(firm: string, ms: number) {
        let started = false
        const next = work.run(firm, async () => {
          started = true
        })
        await tick()
        const before = started
        await vi.advanceTimersByTimeAsync(ms)
        await next
        return { before, after: started }
      }
      return { work, operation, nextStarts }
    }

    it('a firm alone on the instance is never paced', async () => {
      const { work, operation, nextStarts } = paced()
      work.atWork('a')
      await operation('a', 100)
      expect((await nextStarts('a', 0)).before).toBe(true)
    })

    it('while another firm works, a firm waits four times its last operation (share 1/5); the other firm does not', async () => {
      const { work, operation, nextStarts } = paced()
      work.atWork('b')
      await operation('a', 100)
      // b's heavy work is not held by a's pause.
      expect((await nextStarts('b', 0)).before).toBe(true)
      const next = await nextStarts('a', 400)
      expect(next).toEqual({ before: false, after: true })
    })

    it('a firm last seen more than 10 s ago is not at work any more', async () => {
      const { work, operation, nextStarts } = paced()
      work.atWork('b')
      vi.setSystemTime(Date.now() + 10_001)
      await operation('a', 100)
      expect((await nextStarts('a', 0)).before).toBe(true)
    })

    it('the pause is at most 5 s, however long the last operation took', async () => {
      const { work } = paced()
      await work.run('a', async () => {
        vi.setSystemTime(Date.now() + 60_000)
        work.atWork('b')
      })
      let done = false
      const next = work.run('a', async () => 'ran').finally(() => (done = true))
      await vi.advanceTimersByTimeAsync(4_999)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await next).toBe('ran')
    })

    it('a failed operation paces the firm too, and streamed files are not paced', async () => {
      const { work, nextStarts } = paced()
      work.atWork('b')
      const file = await work.stream('a', async () => ({ stream: Readable.from(['x']) }))
      vi.setSystemTime(Date.now() + 1_000)
      for await (const _chunk of file.stream);
      await tick()
      expect((await nextStarts('a', 0)).before).toBe(true)
      await expect(
        work.run('a', async () => {
          vi.setSystemTime(Date.now() + 50)
          throw new Error('boom')
        }),
      ).rejects.toThrow('boom')
      expect(await nextStarts('a', 200)).toEqual({ before: false, after: true })
    })
  })
})

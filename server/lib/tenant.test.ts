import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { createFirmTurns, currentTenant, leaveFirmTurn, readAsTenant } from './tenant'

const tick = () => new Promise((resolve) => setImmediate(resolve))

/** A piece of work that says when it starts and ends when told. */
function piece(started: string[], label: string) {
  let finish = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    work: async () => {
      started.push(label)
      await done
      return label
    },
    finish: () => finish(),
  }
}

describe('firm turns (the embedded database)', () => {
  it('one request of a firm at a time, in the order they came; another firm’s does not wait', async () => {
    const turns = createFirmTurns(true)
    const started: string[] = []
    const [a1, a2, a3, b1] = ['a1', 'a2', 'a3', 'b1'].map((label) => piece(started, label))
    const answers = [
      turns.run('a', a1!.work),
      turns.run('a', a2!.work),
      turns.run('a', a3!.work),
      turns.run('b', b1!.work),
    ]
    await tick()
    expect(started).toEqual(['a1', 'b1'])
    a1!.finish()
    await tick()
    expect(started).toEqual(['a1', 'b1', 'a2'])
    a2!.finish()
    a3!.finish()
    b1!.finish()
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3', 'b1'])
  })

  it('the work knows whose it is, through every await', async () => {
    const turns = createFirmTurns(true)
    const seen = await Promise.all(
      ['a', 'b'].map((firm) =>
        turns.run(firm, async () => {
          await tick()
          return currentTenant()
        }),
      ),
    )
    expect(seen).toEqual(['a', 'b'])
    expect(currentTenant()).toBe('')
  })

  it('a download read after its handler returned is still read as the firm’s; stopped early, it ends', async () => {
    const turns = createFirmTurns(true)
    let ended = false
    async function* batches() {
      try {
        for (let i = 0; i < 3; i++) {
          await tick()
          yield `${i}:${currentTenant()}`
        }
      } finally {
        ended = true
      }
    }
    const [whole, plain] = await turns.run(
      'a',
      async () => [Readable.from(readAsTenant(batches())), Readable.from(batches())],
      { turn: false },
    )
    // Read later, from outside the handler's scope, as the connection would.
    const read = async (stream: Readable) => {
      const parts: string[] = []
      for await (const part of stream) parts.push(String(part))
      return parts
    }
    expect(await read(whole!)).toEqual(['0:a', '1:a', '2:a'])
    expect(await read(plain!)).toEqual(['0:', '1:', '2:'])

    ended = false
    const stopped = await turns.run('a', async () => Readable.from(readAsTenant(batches())), {
      turn: false,
    })
    for await (const part of stopped) {
      expect(String(part)).toBe('0:a')
      break
    }
    await expect.poll(() => ended).toBe(true)
  })

  it('a request that leaves its turn (to wait for heavy work) lets the firm’s next one start', async () => {
    const turns = createFirmTurns(true)
    const started: string[] = []
    const next = piece(started, 'a2')
    let finishFirst = () => {}
    const first = turns.run('a', async () => {
      started.push('a1')
      leaveFirmTurn()
      await new Promise<void>((resolve) => (finishFirst = resolve))
      // Leaving twice, and the turn's own end after it, hand over nothing more.
      leaveFirmTurn()
    })
    const second = turns.run('a', next.work)
    const third = turns.run('a', async () => void started.push('a3'))
    await tick()
    expect(started).toEqual(['a1', 'a2'])
    finishFirst()
    await first
    await tick()
    expect(started).toEqual(['a1', 'a2'])
    next.finish()
    await Promise.all([second, third])
    expect(started).toEqual(['a1', 'a2', 'a3'])
  })

  it('a failing request ends its turn too; a file or upload (turn: false) takes none', async () => {
    const turns = createFirmTurns(true)
    await expect(turns.run('a', () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    )
    const started: string[] = []
    const held = piece(started, 'a1')
    const answer = turns.run('a', held.work)
    await expect(turns.run('a', async () => currentTenant(), { turn: false })).resolves.toBe('a')
    held.finish()
    await answer
  })

  it('on PostgreSQL (not enabled) a firm’s requests run at once', async () => {
    const turns = createFirmTurns(false)
    const started: string[] = []
    const [a1, a2] = ['a1', 'a2'].map((label) => piece(started, label))
    const answers = [turns.run('a', a1!.work), turns.run('a', a2!.work)]
    await tick()
    expect(started).toEqual(['a1', 'a2'])
    a1!.finish()
    a2!.finish()
    await Promise.all(answers)
  })
})

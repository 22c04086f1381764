import { describe, expect, it } from 'vitest'
import { createFairGate } from './fair-gate'

describe('the embedded database taken in turns', () => {
  it('one at a time; a key with many waiting gets one turn per round, not all of them first', async () => {
    const gate = createFairGate()
    const order: string[] = []
    let release!: () => void
    const first = gate.run('busy', () => new Promise<void>((resolve) => (release = resolve)))
    const done = [
      ...['busy 2', 'busy 3', 'busy 4'].map((label) =>
        gate.run('busy', async () => void order.push(label)),
      ),
      gate.run('quiet', async () => void order.push('quiet 1')),
      gate.run('', async () => void order.push('no company')),
    ]
    expect(order).toEqual([])
    release()
    await Promise.all([first, ...done])
    expect(order).toEqual(['busy 2', 'quiet 1', 'no company', 'busy 3', 'busy 4'])
  })

  it('work that fails hands the turn on all the same', async () => {
    const gate = createFairGate()
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run('b', async () => 'next')).toBe('next')
  })
})

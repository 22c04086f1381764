import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { requestQueries } from '../queries/requests'
import { connectLiveUpdates, EVENTS_PATH, type LiveSource } from './live-updates'

/** An EventSource stand-in that the test drives. */
class FakeSource implements LiveSource {
  readyState = 0
  closed = false
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
    this.readyState = 2
  }
  emit(type: string, data = '{}', readyState = type === 'error' ? 0 : 1) {
    this.readyState = readyState
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data } as MessageEvent<string>)
  }
}

let sources: FakeSource[]
let client: QueryClient
let invalidate: ReturnType<typeof vi.spyOn>
let recheckSession: ReturnType<typeof vi.fn<() => void>>
let stop: () => void

beforeEach(() => {
  vi.useFakeTimers()
  sources = []
  client = new QueryClient()
  invalidate = vi.spyOn(client, 'invalidateQueries')
  recheckSession = vi.fn<() => void>()
  stop = connectLiveUpdates({
    queryClient: client,
    open: () => {
      const source = new FakeSource()
      sources.push(source)
      return source
    },
    recheckSession,
  })
})
afterEach(() => {
  stop()
  vi.useRealTimers()
})

const latest = () => sources.at(-1)!

it('reads the route of the contract', () => {
  expect(EVENTS_PATH).toBe('/api/events')
})

describe('connectLiveUpdates', () => {
  it('reloads what a change names, and nothing for an unreadable one', () => {
    latest().emit('ready')
    latest().emit('change', '{"topics":["my-requests"]}')
    expect(invalidate).toHaveBeenCalledWith({ queryKey: requestQueries.mine().queryKey })
    invalidate.mockClear()
    latest().emit('change', 'not json')
    latest().emit('change', '{"topics":"x"}')
    expect(invalidate).not.toHaveBeenCalled()
  })

  it('reloads everything once reconnected by the browser (changes may have been missed)', () => {
    latest().emit('ready')
    expect(invalidate).not.toHaveBeenCalled()
    latest().emit('error', '', 0)
    latest().emit('ready')
    expect(invalidate).toHaveBeenCalledWith()
    expect(sources).toHaveLength(1)
    expect(recheckSession).not.toHaveBeenCalled()
  })

  it('after `end`: closed, the session checked again, and never reopened', () => {
    latest().emit('ready')
    latest().emit('end', '{"reason":"session"}')
    expect(latest().closed).toBe(true)
    expect(recheckSession).toHaveBeenCalledTimes(1)
    latest().emit('error', '', 2)
    vi.advanceTimersByTime(10 * 60_000)
    expect(sources).toHaveLength(1)
  })

  it('when the browser gives up (an error answer), reopens it later each time, and sooner once it worked', () => {
    latest().emit('error', '', 2)
    expect(recheckSession).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(2_999)
    expect(sources).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(sources).toHaveLength(2)
    latest().emit('error', '', 2)
    vi.advanceTimersByTime(5_999)
    expect(sources).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(sources).toHaveLength(3)
    latest().emit('ready')
    latest().emit('error', '', 2)
    vi.advanceTimersByTime(3_000)
    expect(sources).toHaveLength(4)
    // It worked once before: reopened, everything reloads.
    latest().emit('ready')
    expect(invalidate).toHaveBeenCalledWith()
  })

  it('stopping closes the stream and cancels a pending reopen', () => {
    latest().emit('error', '', 2)
    stop()
    expect(latest().closed).toBe(true)
    vi.advanceTimersByTime(60_000)
    expect(sources).toHaveLength(1)
  })
})

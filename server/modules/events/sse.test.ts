import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { openEventStream } from './sse'

/** A response whose client reads only when the test says so. */
class SlowResponse extends EventEmitter {
  written: string[] = []
  writableNeedDrain = false
  destroyed = false
  ended = false
  head: [number, Record<string, unknown>] | undefined
  writeHead(status: number, headers: Record<string, unknown>) {
    this.head = [status, headers]
  }
  write(text: string) {
    this.written.push(text)
    return true
  }
  end(text?: string | (() => void)) {
    if (typeof text === 'string') this.written.push(text)
    this.ended = true
  }
  destroy() {
    this.destroyed = true
    this.emit('close')
  }
}

const open = (onClose = () => {}) => {
  const raw = new SlowResponse()
  const stream = openEventStream(
    raw as unknown as ServerResponse,
    { 'x-frame-options': 'DENY', 'cache-control': 'no-store' },
    onClose,
  )
  raw.written = []
  return { raw, stream }
}

describe('openEventStream', () => {
  it('keeps the headers given, but for its own caching and type', () => {
    const { raw } = open()
    expect(raw.head).toEqual([
      200,
      {
        'x-frame-options': 'DENY',
        'cache-control': 'no-cache, no-transform',
        'content-type': 'text/event-stream',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      },
    ])
  })

  it('while the client cannot keep up, drops changes and tells it once to reload everything', () => {
    const { raw, stream } = open()
    stream.change(['audit:a'])
    raw.writableNeedDrain = true
    stream.change(['audit:b'])
    stream.change(['request:c'])
    raw.writableNeedDrain = false
    raw.emit('drain')
    raw.emit('drain')
    expect(raw.written).toEqual([
      'event: change\ndata: {"topics":["audit:a"]}\n\n',
      'event: change\ndata: {"topics":["*"]}\n\n',
    ])
  })

  it('drops a client stuck through two pings', () => {
    const onClose = vi.fn()
    const { raw, stream } = open(onClose)
    stream.ping()
    raw.writableNeedDrain = true
    stream.ping()
    expect(raw.destroyed).toBe(false)
    stream.ping()
    expect(raw.destroyed).toBe(true)
    expect(onClose).toHaveBeenCalledOnce()
    expect(stream.closed).toBe(true)
    expect(raw.written).toEqual([': ping\n\n'])
  })

  it('says `end` once, then nothing more', () => {
    const { raw, stream } = open()
    stream.end('session')
    stream.end('session')
    stream.change(['audit:a'])
    stream.ping()
    expect(raw.written).toEqual(['event: end\ndata: {"reason":"session"}\n\n'])
  })
})

import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'

/** Listens on a free port of 127.0.0.1 (the app is closed by its owner); returns the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening on a port')
  return address.port
}

/**
 * What to send: bytes, a pause, a wait until what the server wrote so far satisfies a check,
 * something to do at that point, or hanging up.
 */
export type Step =
  | string
  | Buffer
  | { pauseMs: number }
  | { until: (received: string) => boolean }
  | { run: () => void }
  | 'hang up'

export interface Exchange {
  /** Everything the server wrote, as text. */
  received: string
  /** Whether the server closed (or reset) the connection: not us, not the time limit. */
  closedByServer: boolean
  /** From the first byte sent to the end. */
  elapsedMs: number
}

/**
 * One HTTP/1.1 exchange byte by byte over TCP: writes the steps in order (stopping when the server
 * closes the connection), then waits until the server closes it or `waitMs` passes.
 */
export function exchange(port: number, steps: Step[], waitMs = 5_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const started = Date.now()
    let received = ''
    let closedByServer = false
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(limit)
      socket.destroy()
      resolve({ received, closedByServer, elapsedMs: Date.now() - started })
    }
    const limit = setTimeout(finish, waitMs)
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
    socket.on('end', () => {
      closedByServer = true
      finish()
    })
    socket.on('close', () => {
      if (!done) closedByServer = true
      finish()
    })
    // A reset: the server closed the connection while we were still sending.
    socket.on('error', () => {
      if (!done) closedByServer = true
      finish()
    })
    socket.once('connect', async () => {
      for (const step of steps) {
        if (done || socket.destroyed) return
        if (step === 'hang up') return finish()
        if (typeof step === 'object' && 'pauseMs' in step)
          await new Promise((r) => setTimeout(r, step.pauseMs))
        else if (typeof step === 'object' && 'until' in step)
          while (!done && !step.until(received)) await new Promise((r) => setTimeout(r, 10))
        else if (typeof step === 'object' && 'run' in step) step.run()
        else socket.write(step)
      }
    })
  })
}

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** The first response in what a server wrote (headers lower-cased), or undefined. */
export function firstResponse(received: string): RawResponse | undefined {
  const end = received.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  const length = Number(headers['content-length'] ?? received.length - end - 4)
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: Buffer.from(received.slice(end + 4), 'latin1')
      .subarray(0, length)
      .toString('utf8'),
  }
}

/** Each chunk of `body`, one every `everyMs` (a client on a very slow or hostile line). */
export function drip(body: string | Buffer, chunks: number, everyMs: number): Step[] {
  const bytes = Buffer.from(body)
  const size = Math.ceil(bytes.length / chunks)
  const steps: Step[] = []
  for (let at = 0; at < bytes.length; at += size)
    steps.push({ pauseMs: everyMs }, bytes.subarray(at, at + size))
  return steps
}

/** The app's one error shape in a raw response: JSON `{ message, code }`, nothing of Fastify's. */
export function expectRawError(res: RawResponse | undefined, status: number, code: string) {
  expect(res, 'no response').toBeDefined()
  const where = `${res!.status} ${res!.body}`
  expect(res!.status, where).toBe(status)
  expect(res!.headers['content-type'], where).toMatch(/^application\/json/)
  const body = JSON.parse(res!.body) as Record<string, unknown>
  expect(body, where).toEqual({ message: expect.any(String), code })
  expect((body.message as string).length, where).toBeGreaterThan(0)
  expect(res!.body, where).not.toMatch(/FST_|statusCode/)
  return body
}

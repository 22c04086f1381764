import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createTestApp, type TestApp } from '../test/harness'
import { exchange, firstResponse, listen } from '../test/raw-http'

/** Real connections: the keep-alive idle limit and the cap on connections per instance. */

const GET_HEALTH = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'
const answers = (received: string) => received.split('HTTP/1.1 ').length - 1

describe('configuration', () => {
  it('defaults: 1,000 connections, idle ones closed after 5 s; bad values named', () => {
    expect(loadConfig({}).connections).toEqual({ max: 1000, keepAliveMs: 5_000 })
    expect(
      loadConfig({ MAX_CONNECTIONS: '200', KEEP_ALIVE_TIMEOUT_SECONDS: '2.5' }).connections,
    ).toEqual({ max: 200, keepAliveMs: 2_500 })
    for (const [key, value] of [
      ['MAX_CONNECTIONS', '0'],
      ['MAX_CONNECTIONS', 'many'],
      ['KEEP_ALIVE_TIMEOUT_SECONDS', '0'],
      ['KEEP_ALIVE_TIMEOUT_SECONDS', '601'],
    ])
      expect(() => loadConfig({ [key!]: value }), `${key}=${value}`).toThrow(
        `${key}=${JSON.stringify(value)}`,
      )
  })
})

describe('an idle connection (KEEP_ALIVE_TIMEOUT_SECONDS=1)', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp({ env: { KEEP_ALIVE_TIMEOUT_SECONDS: '1' } })
    port = await listen(t.app)
  })
  afterAll(async () => t?.close())

  it('is closed by the server soon after its last answer, however many requests came before', async () => {
    const result = await exchange(
      port,
      [
        GET_HEALTH,
        { until: (received) => answers(received) === 1 },
        // Each pause is shorter than the limit: the connection serves all three requests.
        { pauseMs: 700 },
        GET_HEALTH,
        { until: (received) => answers(received) === 2 },
        { pauseMs: 700 },
        GET_HEALTH,
        { until: (received) => answers(received) === 3 },
      ],
      10_000,
    )
    expect(answers(result.received)).toBe(3)
    expect(firstResponse(result.received)?.headers['keep-alive']).toBe('timeout=1')
    // Fastify's own default (72 s) would have kept it open to the end of the exchange.
    expect(result.closedByServer).toBe(true)
  })
})

describe('MAX_CONNECTIONS=3', () => {
  let t: TestApp
  let port: number
  const held: Socket[] = []
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_CONNECTIONS: '3', KEEP_ALIVE_TIMEOUT_SECONDS: '60' } })
    port = await listen(t.app)
  })
  afterAll(async () => {
    for (const socket of held) socket.destroy()
    await t?.close()
  })

  /** A connection that asked for the health check, got its answer and stays open. */
  function holdOpen() {
    return new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(GET_HEALTH))
      socket.once('data', () => resolve(socket))
      socket.once('error', reject)
      held.push(socket)
    })
  }

  it('closes a fourth connection at once, unanswered; serves again once one is closed', async () => {
    for (let i = 0; i < 3; i++) await holdOpen()
    const refused = await exchange(port, [GET_HEALTH], 5_000)
    expect(refused.closedByServer).toBe(true)
    expect(refused.received).toBe('')
    expect(t.logs.some((line) => line.includes('"event":"connection.dropped"'))).toBe(true)

    // The ones already open are still served.
    const open = held[0]!
    const second = new Promise<string>((resolve) => open.once('data', (d) => resolve(String(d))))
    open.write(GET_HEALTH)
    expect(await second).toMatch(/^HTTP\/1\.1 200/)

    held.pop()!.destroy()
    await expect
      .poll(async () => firstResponse((await exchange(port, [GET_HEALTH], 2_000)).received)?.status)
      .toBe(200)
  })
})

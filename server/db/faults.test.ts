import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbKind } from '../test/databases'
import {
  expectOnlyAppAnswers,
  LAB_APP_URL,
  openFaultLab,
  startLoad,
  untilServing,
  type FaultLab,
} from '../test/fault-lab'
import { send, waitForHealth, type ServerProcess } from '../test/server-process'

/**
 * Two instances of the app (real processes) on a PostgreSQL cluster of the test's own, reached
 * through a proxy, under load, while the database is stopped, killed, frozen, cut off and its
 * connections terminated: no process ends, every request gets the app's answer (503 in its shape
 * while the database is away), and both serve again within seconds of its return.
 */
describe.runIf(testDbKind() === 'postgres')('the database failing under load', () => {
  let lab: FaultLab
  let a: ServerProcess
  let b: ServerProcess
  let cookie: string
  let auditId: string
  let load: ReturnType<typeof startLoad>
  const recovery: Record<string, number> = {}

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const bothServing = async () =>
    Math.max(await untilServing(a, cookie), await untilServing(b, cookie))

  beforeAll(async () => {
    lab = await openFaultLab()
    a = await lab.start({ SHUTDOWN_TIMEOUT_SECONDS: '2' })
    b = await lab.start()
    ;({ cookie } = await lab.signedInAdmin(a))
    await waitForHealth(b)
    const post = async (path: string, body: object) => {
      const res = await send(a.base, 'POST', path, { cookie, origin: LAB_APP_URL, body })
      expect(res.status).toBe(201)
      return (await res.json()) as { id: string }
    }
    const client = await post('/api/clients', { name: 'Faulty Ltd' })
    const project = await post('/api/projects', { name: 'Year end', clientId: client.id })
    auditId = (await post('/api/audits', { name: 'Audit', projectId: project.id })).id
    load = startLoad([a, b], { cookie, auditId })
  }, 180_000)

  afterAll(async () => {
    await load?.stop()
    console.info('recovery after each fault (ms):', recovery)
    await lab?.close()
  })

  it('connections terminated under load (three rounds): 503 at most, then served', async () => {
    const from = Date.now()
    for (let round = 0; round < 3; round++) {
      expect(await lab.cluster.terminateConnections('auditdesk_faults')).toBeGreaterThan(0)
      await pause(700)
    }
    recovery.terminated = await bothServing()
    expectOnlyAppAnswers(load.since(from))
    expect(a.alive() && b.alive()).toBe(true)
  }, 60_000)

  it('the database stopped for 5 s: 503 in the app’s shape meanwhile, serving within seconds of its return', async () => {
    const from = Date.now()
    await lab.cluster.stop('fast')
    await pause(5_000)
    const during = load.since(from)
    await lab.cluster.start()
    recovery.stopped = await bothServing()
    expect(during.some((answer) => answer.status === 503)).toBe(true)
    expectOnlyAppAnswers(load.since(from))
    expect(recovery.stopped).toBeLessThan(15_000)
    const health = await send(b.base, 'GET', '/api/health')
    expect(health.status).toBe(200)
    expect(a.alive() && b.alive()).toBe(true)
  }, 60_000)

  it('the database killed (-9) and restarted: the same', async () => {
    const from = Date.now()
    await lab.cluster.kill()
    await pause(2_000)
    await lab.cluster.start()
    recovery.killed = await bothServing()
    expectOnlyAppAnswers(load.since(from))
    expect(a.alive() && b.alive()).toBe(true)
  }, 60_000)

  it('every connection cut by the network: the same', async () => {
    const from = Date.now()
    lab.proxy.cut()
    await pause(500)
    lab.proxy.cut()
    recovery.cut = await bothServing()
    expectOnlyAppAnswers(load.since(from))
    expect(a.alive() && b.alive()).toBe(true)
  }, 60_000)

  it('a frozen database (nothing answers, nothing closes): requests get 503 within seconds instead of hanging, health answers within its deadline', async () => {
    const from = Date.now()
    lab.proxy.freeze()
    await pause(1_000)
    const startedHealth = Date.now()
    const health = await send(a.base, 'GET', '/api/health', { timeoutMs: 20_000 })
    const healthMs = Date.now() - startedHealth
    await pause(9_000)
    lab.proxy.thaw()
    recovery.frozen = await bothServing()
    // Requests in flight when it froze are answered during it too (a 503 may come only to them).
    const during = load.answeredSince(from)
    expect(health.status).toBe(503)
    expect(healthMs).toBeLessThan(5_000)
    expect(during.some((answer) => answer.status === 503)).toBe(true)
    expectOnlyAppAnswers(during)
    // Connect and acquire give up after 5 s, a query after the statement timeout (5 s) plus 2 s.
    expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(12_000)
    expect(a.alive() && b.alive()).toBe(true)
  }, 90_000)

  it('a stop (SIGTERM) while the database is frozen ends within SHUTDOWN_TIMEOUT_SECONDS, not when the stuck requests give up', async () => {
    lab.proxy.freeze()
    const stuck = send(a.base, 'GET', '/api/clients', { cookie, timeoutMs: 20_000 }).then(
      (r) => r.status,
      () => 0,
    )
    await pause(500)
    const stoppedAt = Date.now()
    a.child.kill('SIGTERM')
    const code = await a.exited
    const ms = Date.now() - stoppedAt
    lab.proxy.thaw()
    expect(code).toBe(0)
    // 2 s of deadline, then at most 1.5 s for the database handle.
    expect(ms).toBeLessThan(5_000)
    expect(a.output()).toContain('shutdown deadline reached')
    expect([0, 503]).toContain(await stuck)
    await untilServing(b, cookie)
  }, 60_000)

  it('an instance started while the database is away comes up, says so, and serves once it is back', async () => {
    await load.stop()
    await lab.cluster.stop('fast')
    const c = await lab.start()
    await waitForHealth(c, 60_000, 503)
    const health = (await (await send(c.base, 'GET', '/api/health')).json()) as {
      status: string
    }
    expect(health.status).toBe('unavailable')
    const refused = await send(c.base, 'GET', '/api/clients', { cookie })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(await refused.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/starting|not answering/) as unknown as string,
    })
    await lab.cluster.start()
    recovery.startedWhileAway = await untilServing(c, cookie)
    expect(recovery.startedWhileAway).toBeLessThan(15_000)
    expect(c.alive() && b.alive()).toBe(true)
  }, 120_000)
})

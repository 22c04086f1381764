import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbKind } from './test/databases'
import { freePort } from './test/ports'
import {
  send,
  solvedCaptcha,
  startServerProcess,
  waitForHealth,
  type ServerProcess,
} from './test/server-process'

/** The real entry point as a process: start, refuse a second process, stop cleanly, survive restarts and kill -9. */

const post = (server: ServerProcess, path: string, body: unknown) =>
  send(server.base, 'POST', path, { body })

describe.runIf(testDbKind() === 'pglite')('the server process on the embedded database', () => {
  let dataDir: string
  let port: number

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-main-'))
    port = await freePort()
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('starts, refuses a second process on the same DATA_DIR, stops on SIGTERM with exit 0, and keeps its data', async () => {
    const env = { DATA_DIR: dataDir, PORT: String(port) }
    const first = await startServerProcess(env)
    await waitForHealth(first)
    const health = await fetch(`${first.base}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', checks: { database: 'ok' } })

    const second = await startServerProcess({ ...env, PORT: String(await freePort()) })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/in use by another running server \(pid \d+\)/)

    const captchaToken = await solvedCaptcha(first.base)
    // An in-flight request finishes before the process exits.
    const inFlight = fetch(`${first.base}/api/auth/captcha`).then((r) => r.status)
    await new Promise((r) => setTimeout(r, 20))
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(await inFlight).toBe(200)

    // A challenge solved before the restart still verifies after it: the generated key was kept.
    const account = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'compilers!',
      companyName: 'Hopper & Co',
      companySize: '1-10 employees',
      companyPhone: '555 0199',
      companyIndustry: 'Technology',
    }
    const second2 = await startServerProcess(env)
    await waitForHealth(second2)
    expect((await post(second2, '/api/auth/register', { ...account, captchaToken })).status).toBe(
      201,
    )
    // The account is created after the answer (so that its timing says nothing): its mail in the
    // outbox shows it is done.
    await expect
      .poll(async () => (await readdir(path.join(dataDir, 'outbox')).catch(() => [])).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0)
    second2.child.kill('SIGKILL')
    await second2.exited

    // After kill -9 the lock is stale; the next start takes it over and the data is intact.
    const third = await startServerProcess(env)
    await waitForHealth(third)
    const login = await post(third, '/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(login.status).toBe(403)
    expect(await login.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
    third.child.kill('SIGINT')
    expect(await third.exited).toBe(0)
    // Four starts of the app under tsx, three of them opening the embedded database cold: 103 s of
    // a 120 s limit once in CI, with the rest of the suite running beside it.
  }, 240_000)

  it('names each bad setting in one clear line and exits 1', async () => {
    const bad = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: 'eighty',
      SMTP_URL: 'nope',
      TRUST_PROXY: 'true',
    })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toMatch(/PORT="eighty"/)
    expect(bad.output()).toMatch(/SMTP_URL="nope"/)
    expect(bad.output()).toMatch(/TRUST_PROXY="true": trusts every hop.*set the number of proxies/)
  }, 30_000)
})

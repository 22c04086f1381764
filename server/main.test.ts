import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from './lib/paths'
import { testDbKind } from './test/databases'

/** The real entry point as a process: start, refuse a second process, stop cleanly, survive restarts and kill -9. */

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

interface Running {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

async function waitForHealth(port: number, running: Running) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null)
      throw new Error(`server exited early:\n${running.output()}`)
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`server did not become healthy:\n${running.output()}`)
}

const base = (port: number) => `http://127.0.0.1:${port}`

async function solvedCaptcha(port: number): Promise<string> {
  const challenge = (await fetch(`${base(port)}/api/auth/captcha`).then((r) =>
    r.json(),
  )) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

const post = (port: number, path: string, body: unknown) =>
  fetch(`${base(port)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify(body),
  })

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
    const first = startServer(env)
    await waitForHealth(port, first)
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', checks: { database: 'ok' } })

    const second = startServer({ ...env, PORT: String(await freePort()) })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/in use by another running server \(pid \d+\)/)

    const captchaToken = await solvedCaptcha(port)
    // An in-flight request finishes before the process exits.
    const inFlight = fetch(`${base(port)}/api/auth/captcha`).then((r) => r.status)
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
    const second2 = startServer(env)
    await waitForHealth(port, second2)
    expect((await post(port, '/api/auth/register', { ...account, captchaToken })).status).toBe(201)
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
    const third = startServer(env)
    await waitForHealth(port, third)
    const login = await post(port, '/api/auth/login', {
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
    const bad = startServer({
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

import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsDir, projectRoot } from './lib/paths'
import { testDbKind } from './test/databases'
import { multipartBody } from './test/multipart'
import { startS3Server, type S3Server } from './test/s3-server'
import { redisAnswers, TEST_REDIS } from './test/redis'
import { linkIn, startSmtpCapture, tokenFrom, type SmtpCapture } from './test/smtp-capture'

/**
 * Two app processes (server/main.ts, as in production) on one fresh PostgreSQL database, one
 * Redis database and one SMTP server, started at once; a client talks to either, as behind a
 * load balancer. PostgreSQL pass only (TEST_DATABASE_URL), and Redis must answer (.ci/run starts it).
 */
const REDIS_DB = 13
const APP_URL = 'http://app.test'
const AUTH_PER_MINUTE = 8

const onPostgres = testDbKind() === 'postgres'
const withRedis = onPostgres && (await redisAnswers())
if (!process.env.TEST_DATABASE_URL)
  console.warn('scale-out.test.ts: SKIPPED: needs TEST_DATABASE_URL (PostgreSQL) and Redis')
else if (onPostgres && !withRedis)
  console.warn(`scale-out.test.ts: SKIPPED: no Redis answers at ${TEST_REDIS}`)

interface Instance {
  name: string
  url: string
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

describe.runIf(withRedis)('two instances on one PostgreSQL, Redis and SMTP server', () => {
  const databaseName = `auditdesk_scaleout_${process.pid}_${Date.now()}`
  // Read in the suite's hooks, not here: a skipped suite is still collected, without a URL.
  const adminUrl = process.env.TEST_DATABASE_URL ?? ''
  const databaseUrl = () => withDatabase(adminUrl, databaseName)
  const redisUrl = `${TEST_REDIS.replace(/\/\d*$/, '')}/${REDIS_DB}`
  const dataDirs: string[] = []
  let smtp: SmtpCapture
  let s3: S3Server | undefined
  let a: Instance
  let b: Instance

  beforeAll(async () => {
    await adminQuery(adminUrl, `create database ${databaseName}`)
    await flushRedis(redisUrl)
    smtp = await startSmtpCapture()
    s3 = await startS3Server()
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      APP_URL,
      DATABASE_URL: databaseUrl(),
      REDIS_URL: redisUrl,
      SMTP_URL: smtp.url,
      CAPTCHA_COST: '40',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
      RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_PER_MINUTE),
      MAIL_QUOTA_PER_ADDRESS_PER_HOUR: '100000',
      REMINDER_SCAN_SECONDS: '2',
      ...s3.env,
    }
    const start = async (name: string) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `auditdesk-${name}-`))
      dataDirs.push(dataDir)
      return startInstance(name, { ...env, DATA_DIR: dataDir, PORT: String(await freePort()) })
    }
    // At once: both race to migrate the empty database.
    ;[a, b] = await Promise.all([start('A'), start('B')])
    await Promise.all([waitForHealth(a), waitForHealth(b)])
  }, 120_000)

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance || instance.child.exitCode !== null) continue
      instance.child.kill('SIGTERM')
      await instance.exited
    }
    await smtp?.close()
    await s3?.stop()
    await flushRedis(redisUrl).catch(() => {})
    await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`)
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
  }, 60_000)

  it('both started at once; the migrations were applied once', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] }
    const client = new pg.Client({ connectionString: databaseUrl() })
    await client.connect()
    try {
      const { rows } = await client.query<{ hash: string }>(
        'select hash from drizzle.__drizzle_migrations',
      )
      expect(rows).toHaveLength(journal.entries.length)
      expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length)
    } finally {
      await client.end()
    }
  })

  it('a session made on A works on B; a logout on A ends it on B at once', async () => {
    const { account } = await signedUpAdmin()
    const cookie = await login(a, account.email, account.password)
    expect((await me(b, cookie)).status).toBe(200)
    expect((await me(b, cookie)).status).toBe(200)
    expect((await call(a, 'POST', '/api/auth/logout', cookie)).status).toBe(204)
    expect((await me(b, cookie)).status).toBe(401)
  })

  it('an API token made on A works on B; revoked on A, B refuses it at once', async () => {
    const { account } = await signedUpAdmin()
    const cookie = await login(a, account.email, account.password)
    const made = await call(a, 'POST', '/api/tokens', cookie, {
      name: 'Two instances',
      scopes: ['read'],
      expiresInDays: 1,
    })
    expect(made.status, await made.clone().text()).toBe(201)
    const { id, token } = (await made.json()) as { id: string; token: string }
    const byToken = () =>
      fetch(`${b.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    expect((await byToken()).status).toBe(200)
    expect((await byToken()).status).toBe(200)
    expect((await call(a, 'DELETE', `/api/tokens/${id}`, cookie)).status).toBe(204)
    expect((await byToken()).status).toBe(401)
  })

  it('a password change on A ends the other sessions on B at once', async () => {
    const { account } = await signedUpAdmin()
    const here = await login(a, account.email, account.password)
    const there = await login(b, account.email, account.password)
    expect((await me(b, there)).status).toBe(200)
    expect((await me(b, here)).status).toBe(200)
    const changed = await call(a, 'POST', '/api/auth/change-password', here, {
      currentPassword: account.password,
      newPassword: 'a brand new passphrase',
    })
    expect(changed.status, await changed.clone().text()).toBe(200)
    expect((await me(b, there)).status).toBe(401)
    expect((await me(b, here)).status).toBe(200)
  })

  it('a role change on A is seen on B at once', async () => {
    const admin = await signedUpAdmin()
    const adminCookie = await login(a, admin.account.email, admin.account.password)
    const client = await call(a, 'POST', '/api/clients', adminCookie, { name: 'Acme' })
    expect(client.status).toBe(201)
    const clientId = ((await client.json()) as { id: string }).id

    // A second admin, invited on A, accepting on B.
    const { cookie: second, id: secondId } = await invitedAndAccepted(adminCookie, {
      role: 'admin',
    })
    expect(await roleOn(b, second)).toBe('admin')
    expect((await call(b, 'GET', '/api/users', second)).status).toBe(200)

    const demoted = await call(a, 'PATCH', `/api/users/${secondId}`, adminCookie, {
      role: 'client',
      clientId,
    })
    expect(demoted.status).toBe(200)
    expect(await roleOn(b, second)).toBe('client')
    expect((await call(b, 'GET', '/api/users', second)).status).toBe(403)

    expect(
      (await call(a, 'PATCH', `/api/users/${secondId}`, adminCookie, { role: 'staff' })).status,
    ).toBe(200)
    expect(await roleOn(b, second)).toBe('staff')
  })

  it('the forgot-password limit counts the requests to A and B together', async () => {
    const statuses: number[] = []
    for (let i = 0; i <= AUTH_PER_MINUTE; i++) {
      const instance = i % 2 === 0 ? a : b
      const res = await call(instance, 'POST', '/api/auth/forgot-password', undefined, {
        email: 'someone@example.com',
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([...Array<number>(AUTH_PER_MINUTE).fill(200), 429])
  })

  // Both instances store files in one S3 bucket (STORAGE_URL=s3://…), not in their own DATA_DIR.
  it('a file uploaded through A downloads byte-identical through B', async () => {
    expect(s3?.env.STORAGE_URL).toMatch(/^s3:\/\//)
    const admin = await signedUpAdmin()
    const cookie = await login(a, admin.account.email, admin.account.password)
    const created = async (url: string, body: unknown) => {
      const res = await call(a, 'POST', url, cookie, body)
      expect(res.status, await res.clone().text()).toBe(201)
      return (await res.json()) as { id: string }
    }
    const client = await created('/api/clients', { name: 'Upload Client' })
    const project = await created('/api/projects', {
      name: 'Upload Project',
      clientId: client.id,
    })
    const clientUser = await invitedAndAccepted(cookie, { role: 'client', clientId: client.id })
    const audit = await created('/api/audits', { name: 'Upload Audit', projectId: project.id })
    const request = await created(`/api/audits/${audit.id}/requests`, {
      title: 'Bank statements',
      assigneeId: clientUser.id,
    })
    const sent = await call(a, 'POST', `/api/audits/${audit.id}/send`, cookie, {
      requestIds: [request.id],
    })
    expect(sent.status).toBe(200)

    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      randomBytes(256 * 1024),
      Buffer.from('\n%%EOF\n'),
    ])
    const { payload, contentType } = multipartBody([
      { name: 'statement.pdf', data: pdf, type: 'application/pdf' },
    ])
    const uploaded = await fetch(`${a.url}/api/requests/${request.id}/files`, {
      method: 'POST',
      headers: { origin: APP_URL, cookie: clientUser.cookie, 'content-type': contentType },
      body: payload,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const [file] = (await uploaded.json()) as { id: string }[]
    // By its uploader: the answer is not submitted yet.
    const downloaded = await call(b, 'GET', `/api/files/${file!.id}`, clientUser.cookie)
    expect(downloaded.status).toBe(200)
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true)
  })

  it('both scan for reminders every 2 s; an overdue request is reminded once, a day after it was sent', async () => {
    const admin = await signedUpAdmin()
    const cookie = await login(a, admin.account.email, admin.account.password)
    const created = async (url: string, body: unknown) => {
      const res = await call(b, 'POST', url, cookie, body)
      expect(res.status, await res.clone().text()).toBe(201)
      return (await res.json()) as { id: string }
    }
    const client = await created('/api/clients', { name: 'Slow Client' })
    const project = await created('/api/projects', { name: 'Chased', clientId: client.id })
    const clientUser = await invitedAndAccepted(cookie, { role: 'client', clientId: client.id })
    const audit = await created('/api/audits', { name: 'Year end', projectId: project.id })
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await created(`/api/audits/${audit.id}/requests`, {
      title: 'Bank statements',
      assigneeId: clientUser.id,
      dueDate: yesterday,
    })
    expect((await call(a, 'POST', `/api/audits/${audit.id}/send`, cookie, {})).status).toBe(200)
    const reminders = () =>
      smtp.to(clientUser.email).filter((mail) => mail.subject.startsWith('Reminder:'))
    // Nothing within a day of the mail that sent it: a few scans on each instance.
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    expect(reminders()).toHaveLength(0)
    // As if that mail went out yesterday; and reminders from midnight (a new firm's start at
    // 09:00 in its time zone, UTC here), whenever this runs.
    await adminQuery(
      databaseUrl(),
      `update audit_requests set sent_at = sent_at - interval '25 hours' where audit_id = '${audit.id}';
       update reminder_policies set send_hour = 0`,
    )
    await expect.poll(() => reminders().length, { timeout: 20_000 }).toBe(1)
    expect(reminders()[0]!.body).toContain('Bank statements: overdue by 1 day')
    // Several more scans on each instance: still one.
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    expect(reminders()).toHaveLength(1)
  }, 45_000)

  // Last, so that any failed start has long been logged (the instances log warnings and up).
  it('neither job queue had to start again: creating the same queues at once no longer deadlocks', () => {
    for (const instance of [a, b]) expect(instance.output()).not.toContain('jobs.start_failed')
  })

  // ---- helpers -------------------------------------------------------------------------------

  function call(
    instance: Instance,
    method: string,
    url: string,
    cookie?: string,
    body?: unknown,
  ): Promise<Response> {
    return fetch(`${instance.url}${url}`, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { origin: APP_URL }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  const me = (instance: Instance, cookie: string) => call(instance, 'GET', '/api/auth/me', cookie)

  async function roleOn(instance: Instance, cookie: string) {
    const res = await me(instance, cookie)
    expect(res.status).toBe(200)
    return ((await res.json()) as { role: string }).role
  }

  let accounts = 0
  /** Registered on B with a human check from A, verified through the mailed link on A. */
  async function signedUpAdmin() {
    accounts += 1
    const account = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `scale${accounts}.${process.pid}@example.com`,
      password: 'correct horse battery',
      companyName: `Scale Firm ${accounts}`,
      companySize: '11-50 employees',
      companyPhone: '+1 555 0100',
      companyIndustry: 'Financial Services',
    }
    const challenge = (await (await call(a, 'GET', '/api/auth/captcha')).json()) as Challenge
    const solution = await solveChallenge({ challenge, deriveKey })
    const captchaToken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    const registered = await call(b, 'POST', '/api/auth/register', undefined, {
      ...account,
      captchaToken,
    })
    expect(registered.status, await registered.clone().text()).toBe(201)
    const link = linkIn(await mailTo(account.email), `${APP_URL}/verify-email?token=`)
    // The registering browser's cookie, read by the other instance.
    const binding = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('verify='))
    const verified = await call(a, 'POST', '/api/auth/verify-email', binding, {
      token: tokenFrom(link),
    })
    expect(verified.status).toBe(200)
    return { account }
  }

  /**
   * The mail #`count` to `address`. 15 s: two cold processes on a loaded CI machine once took more
   * than 5 s for the first mail; when it does not come, what the instances printed says why.
   */
  async function mailTo(address: string, count = 0) {
    try {
      return await smtp.waitFor(address, count, 15_000)
    } catch (err) {
      const printed = [a, b].map((instance) => `--- ${instance.name}:\n${instance.output()}`)
      throw new Error(`${(err as Error).message}\n${printed.join('\n')}`)
    }
  }

  /** Invited by the admin behind `cookie` on A; the link accepted on B. */
  async function invitedAndAccepted(
    cookie: string,
    invitation: { role: string; clientId?: string },
  ) {
    const email = `invitee-${++accounts}.${process.pid}@example.com`
    const sent = smtp.to(email).length
    const invited = await call(a, 'POST', '/api/invitations', cookie, { email, ...invitation })
    expect(invited.status, await invited.clone().text()).toBe(201)
    const token = tokenFrom(
      linkIn(await mailTo(email, sent), `${APP_URL}/accept-invitation?token=`),
    )
    const accepted = await call(b, 'POST', '/api/invitations/accept', undefined, {
      token,
      firstName: 'Ivy',
      lastName: 'Invitee',
      password: 'invited user password',
    })
    expect(accepted.status, await accepted.clone().text()).toBe(201)
    const { user } = (await accepted.json()) as { user: { id: string } }
    return { cookie: sessionCookie(accepted), id: user.id, email }
  }

  async function login(instance: Instance, email: string, password: string) {
    const res = await call(instance, 'POST', '/api/auth/login', undefined, { email, password })
    expect(res.status, await res.clone().text()).toBe(200)
    return sessionCookie(res)
  }
})

function sessionCookie(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('session='))
  if (!cookie) throw new Error(`no session cookie in ${res.status}`)
  return cookie
}

function startInstance(name: string, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { name, url: `http://127.0.0.1:${env.PORT}`, child, output: () => output, exited }
}

async function waitForHealth(instance: Instance) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`instance ${instance.name} exited early:\n${instance.output()}`)
    const ok = await fetch(`${instance.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`instance ${instance.name} did not become healthy:\n${instance.output()}`)
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function flushRedis(url: string) {
  const redis = new Redis(url)
  try {
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
}

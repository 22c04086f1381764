import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp, type AppOptions } from '../app'
import { loadConfig, type Config } from '../config'
import { createTestDatabase } from './databases'
import { setProcessEnv } from './process-env'
import type { S3Server } from './s3-server'
import { linkIn, startSmtpCapture, tokenFrom, type SmtpCapture } from './smtp-capture'

export const APP_URL = 'http://app.test'

export interface TestClock {
  (): Date
  advance(ms: number): void
  set(date: Date): void
}

export function testClock(start = new Date()): TestClock {
  let offset = start.getTime() - Date.now()
  const clock = (() => new Date(Date.now() + offset)) as TestClock
  clock.advance = (ms) => void (offset += ms)
  clock.set = (date) => void (offset = date.getTime() - Date.now())
  return clock
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS'

export interface RequestOptions {
  cookie?: string
  headers?: Record<string, string>
  /** Sent as-is (a string or a Buffer) or as JSON (anything else). */
  body?: unknown
  /** The client's address as the server sees it (default 127.0.0.1). */
  remoteAddress?: string
}

export interface TestApp {
  app: FastifyInstance
  config: Config
  smtp: SmtpCapture
  clock: TestClock
  logs: string[]
  /** The S3 server holding the files, when the app stores them there. */
  s3: S3Server | undefined
  /** The storage keys the app's storage holds (disk or bucket), seen behind its back. */
  storedKeys(): Promise<string[]>
  /** Deletes a stored file behind the app's back, as a lost file would be. */
  removeStored(key: string): Promise<void>
  request(method: Method, url: string, options?: RequestOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** Settings for tests: a cheap human check, rate limits and mail quotas out of the way unless a test sets them. */
const testEnv: Record<string, string> = {
  NODE_ENV: 'test',
  APP_URL,
  CAPTCHA_COST: '40',
  LOG_LEVEL: 'info',
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
  MAIL_QUOTA_PER_ADDRESS_PER_HOUR: '100000',
  MAIL_QUOTA_PER_COMPANY_PER_HOUR: '100000',
}

/**
 * A real app on its own fresh database, with a real SMTP server capturing its mail. Its files go
 * to DATA_DIR/files, or to a bucket of its own S3 server (s3rver) with `storage: 's3'` or when
 * TEST_STORAGE=s3 is set.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    webDir?: string
    storage?: 'local' | 's3'
  } & Pick<AppOptions, 'extraApiRoutes' | 'periodicJobs'> = {},
): Promise<TestApp> {
  const smtp = await startSmtpCapture()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-test-'))
  const clock = testClock()
  const logs: string[] = []
  const storage = options.storage ?? (process.env.TEST_STORAGE === 's3' ? 's3' : 'local')
  // Imported only here: the AWS SDK takes about a second to load.
  const s3 = storage === 's3' ? await (await import('./s3-server')).startS3Server() : undefined
  // The AWS SDK reads its endpoint, region and keys from the process's environment.
  const restoreEnv = s3 ? setProcessEnv(s3.env) : () => {}
  const config = loadConfig({
    ...testEnv,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    ...s3?.env,
    ...options.env,
  })
  const database = await createTestDatabase(undefined, {
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  })
  const app = await buildApp({
    config,
    database,
    clock,
    webDir: options.webDir,
    logStream: { write: (line: string) => void logs.push(line) },
    extraApiRoutes: options.extraApiRoutes,
    periodicJobs: options.periodicJobs ?? false,
  })
  await app.ready()

  return {
    app,
    config,
    smtp,
    clock,
    logs,
    s3,
    async storedKeys() {
      const names = s3
        ? await s3.objects()
        : await readdir(path.join(config.dataDir, 'files')).catch(() => [])
      return names.filter((name) => name !== '.owner')
    },
    async removeStored(key) {
      if (s3) await s3.remove(key)
      else await rm(path.join(config.dataDir, 'files', key))
    },
    request(method, url, { cookie, headers = {}, body, remoteAddress } = {}) {
      const isMutation = !['GET', 'HEAD', 'OPTIONS'].includes(method)
      const raw = typeof body === 'string' || Buffer.isBuffer(body)
      const payload = body === undefined ? undefined : raw ? body : JSON.stringify(body)
      // Then the work the app does after a reply (account lookups) and the jobs it queued (mail),
      // as a user would find them a moment later; tests of that ordering call app.inject themselves.
      return app
        .inject({
          method,
          url,
          payload,
          ...(remoteAddress ? { remoteAddress } : {}),
          headers: {
            ...(isMutation ? { origin: APP_URL } : {}),
            ...(payload !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
            ...(cookie ? { cookie } : {}),
            ...headers,
          },
        })
        .then(async (response) => {
          await app.background.flush()
          await app.jobs.idle()
          return response
        })
    },
    async close() {
      await app.close()
      await smtp.close()
      await database.close()
      await s3?.stop()
      restoreEnv()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Solves the human check the way the browser widget does and returns its base64 payload. */
export async function solveCaptcha(t: TestApp): Promise<string> {
  const response = await t.request('GET', '/api/auth/captcha')
  const challenge = response.json<Challenge>()
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

let sequence = 0

export function newAccount(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `user${sequence}.${process.pid}@example.com`,
    password: 'correct horse battery',
    companyName: `Firm ${sequence}`,
    companySize: '11-50 employees',
    companyPhone: '+1 555 0100',
    companyIndustry: 'Financial Services',
    ...overrides,
  }
}

/** A cookie pair ("name=…") from a response's Set-Cookie, by its names (plain and `__Host-`). */
export function cookiePair(response: LightMyRequestResponse, names: string[]): string {
  const cookie = response.cookies.find((c) => names.includes(c.name))
  if (!cookie)
    throw new Error(`No ${names[0]} cookie in response ${response.statusCode}: ${response.body}`)
  return `${cookie.name}=${cookie.value}`
}

/** The session cookie pair ("session=…") from a response's Set-Cookie. */
export const sessionCookie = (response: LightMyRequestResponse) =>
  cookiePair(response, ['session', '__Host-session'])

/** The registering browser's cookie ("verify=…"): its verification links verify at once. */
export const verifyCookie = (response: LightMyRequestResponse) =>
  cookiePair(response, ['verify', '__Host-verify'])

export async function register(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = newAccount(overrides)
  const response = await t.request('POST', '/api/auth/register', {
    body: { ...account, captchaToken: await solveCaptcha(t) },
  })
  return { account, response }
}

/**
 * Sets the company's session limits to their longest (7 days idle, 30 days in all), for a test
 * that moves its clock by days and keeps using its sessions (the default idle limit is 12 hours).
 */
export async function keepSessionsLong(t: TestApp, adminCookie: string) {
  const res = await t.request('PUT', '/api/organization/security', {
    cookie: adminCookie,
    body: { requireMfa: 'off', sessionIdleMinutes: 7 * 24 * 60, sessionMaxHours: 30 * 24 },
  })
  if (res.statusCode !== 200) throw new Error(`policy not set: ${res.body}`)
}

/** Registers, verifies through the mailed link and signs in: a ready company admin. */
export async function signedInAdmin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const { account, response } = await register(t, overrides)
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`)
  const mail = await t.smtp.waitFor(account.email)
  const token = tokenFrom(linkIn(mail, `${APP_URL}/verify-email?token=`))
  const verified = await t.request('POST', '/api/auth/verify-email', {
    body: { token },
    cookie: verifyCookie(response),
  })
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`)
  const login = await t.request('POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  return {
    account,
    cookie: sessionCookie(login),
    user: login.json<{ user: { id: string; company: { id: string } } }>().user,
  }
}

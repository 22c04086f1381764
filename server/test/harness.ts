import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../app'
import { loadConfig, type Config } from '../config'
import { createTestDatabase } from './databases'
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
  /** Sent as-is (string) or as JSON (anything else). */
  body?: unknown
}

export interface TestApp {
  app: FastifyInstance
  config: Config
  smtp: SmtpCapture
  clock: TestClock
  logs: string[]
  request(method: Method, url: string, options?: RequestOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** Settings for tests: a cheap human check and rate limits out of the way unless a test sets them. */
const testEnv: Record<string, string> = {
  NODE_ENV: 'test',
  APP_URL,
  CAPTCHA_COST: '40',
  LOG_LEVEL: 'info',
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
}

/** A real app on its own fresh database, with a real SMTP server capturing its mail. */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    webDir?: string
    /** Routes only this test needs, added before the app is ready. */
    routes?: (app: FastifyInstance) => void
  } = {},
): Promise<TestApp> {
  const smtp = await startSmtpCapture()
  const database = await createTestDatabase()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-test-'))
  const clock = testClock()
  const logs: string[] = []
  const config = loadConfig({ ...testEnv, DATA_DIR: dataDir, SMTP_URL: smtp.url, ...options.env })
  const app = await buildApp({
    config,
    database,
    clock,
    webDir: options.webDir,
    logStream: { write: (line: string) => void logs.push(line) },
  })
  options.routes?.(app)
  await app.ready()

  return {
    app,
    config,
    smtp,
    clock,
    logs,
    request(method, url, { cookie, headers = {}, body } = {}) {
      const isMutation = !['GET', 'HEAD', 'OPTIONS'].includes(method)
      const payload =
        body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
      return app.inject({
        method,
        url,
        payload,
        headers: {
          ...(isMutation ? { origin: APP_URL } : {}),
          ...(payload !== undefined && typeof body !== 'string'
            ? { 'content-type': 'application/json' }
            : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      })
    },
    async close() {
      await app.close()
      await smtp.close()
      await database.close()
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

/** The session cookie pair ("session=…") from a response's Set-Cookie. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'session' || c.name === '__Host-session')
  if (!cookie)
    throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`)
  return `${cookie.name}=${cookie.value}`
}

export async function register(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = newAccount(overrides)
  const response = await t.request('POST', '/api/auth/register', {
    body: { ...account, captchaToken: await solveCaptcha(t) },
  })
  return { account, response }
}

/** Registers, verifies through the mailed link and signs in: a ready company admin. */
export async function signedInAdmin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const { account, response } = await register(t, overrides)
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`)
  const mail = await t.smtp.waitFor(account.email)
  const token = tokenFrom(linkIn(mail, `${APP_URL}/verify-email?token=`))
  const verified = await t.request('POST', '/api/auth/verify-email', { body: { token } })
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

import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { newAccount } from './harness'
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster'
import {
  send,
  solvedCaptcha,
  startServerProcess,
  waitForHealth,
  type ServerProcess,
} from './server-process'
import { linkIn, startSmtpCapture, tokenFrom, type SmtpCapture } from './smtp-capture'
import { startTcpProxy, type TcpProxy } from './tcp-proxy'

export const LAB_APP_URL = 'http://app.test'
const DATABASE = 'auditdesk_faults'

/**
 * Everything a fault test breaks, of its own: a PostgreSQL cluster, a TCP proxy in front of it
 * (the app connects through it, so that a test can freeze or cut the network), an SMTP server,
 * and the app's processes (server/main.ts), started as `npm start` would on PostgreSQL.
 */
export interface FaultLab {
  cluster: PostgresCluster
  proxy: TcpProxy
  smtp: SmtpCapture
  /** Starts an instance of the app on the lab's database (not waiting for it to serve). */
  start(env?: Record<string, string>): Promise<ServerProcess>
  /** Registers a firm through `server` and signs its admin in. */
  signedInAdmin(server: ServerProcess): Promise<{ cookie: string; email: string }>
  close(): Promise<void>
}

export async function openFaultLab(): Promise<FaultLab> {
  const cluster = await startPostgresCluster()
  await cluster.createDatabase(DATABASE)
  const proxy = await startTcpProxy(cluster.port)
  const smtp = await startSmtpCapture()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-faults-'))
  const servers: ServerProcess[] = []
  const env: Record<string, string> = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${DATABASE}`,
    DATABASE_POOL_SIZE: '4',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    APP_URL: LAB_APP_URL,
    CAPTCHA_COST: '40',
    SESSION_CACHE_SECONDS: '0',
    MAIL_RETRY_SECONDS: '1',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
    MAIL_QUOTA_PER_ADDRESS_PER_HOUR: '100000',
    MAIL_QUOTA_PER_COMPANY_PER_HOUR: '100000',
  }

  return {
    cluster,
    proxy,
    smtp,
    async start(extra = {}) {
      const server = await startServerProcess({ ...env, ...extra })
      servers.push(server)
      return server
    },
    async signedInAdmin(server) {
      await waitForHealth(server)
      const account = newAccount()
      const registered = await send(server.base, 'POST', '/api/auth/register', {
        origin: LAB_APP_URL,
        body: { ...account, captchaToken: await solvedCaptcha(server.base) },
      })
      expect(registered.status).toBe(201)
      const mail = await smtp.waitFor(account.email, 0, 30_000).catch((err: Error) => {
        const printed = servers.map((each, i) => `--- server ${i}:\n${each.output()}`)
        throw new Error(`${err.message}\n${printed.join('\n')}`)
      })
      const token = tokenFrom(linkIn(mail, `${LAB_APP_URL}/verify-email?token=`))
      const verified = await send(server.base, 'POST', '/api/auth/verify-email', {
        origin: LAB_APP_URL,
        body: { token, password: account.password },
      })
      expect(verified.status).toBe(200)
      const login = await send(server.base, 'POST', '/api/auth/login', {
        origin: LAB_APP_URL,
        body: { email: account.email, password: account.password },
      })
      expect(login.status).toBe(200)
      const cookie = /(session=[^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
      if (!cookie) throw new Error('no session cookie')
      return { cookie, email: account.email }
    },
    async close() {
      for (const server of servers) if (server.alive()) server.child.kill('SIGKILL')
      await Promise.all(servers.map((server) => server.exited))
      await proxy.close()
      await smtp.close()
      await cluster.destroy()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Answer {
  server: number
  /** 0: no answer at all (connection refused or reset, or none within 30 s). */
  status: number
  code?: string
  message?: string
  error?: string
  startedAt: number
  ms: number
}

/**
 * Users at work on each server: `perServer` loops of reads (the clients list) and writes in a
 * transaction (a request created in `auditId`, then deleted), every answer kept.
 */
export function startLoad(
  servers: ServerProcess[],
  { cookie, auditId, perServer = 2 }: { cookie: string; auditId: string; perServer?: number },
) {
  const answers: Answer[] = []
  let running = true
  const record = async (server: number, work: () => Promise<Response>) => {
    const startedAt = Date.now()
    try {
      const response = await work()
      const body = (await response.json().catch(() => ({}))) as {
        code?: string
        message?: string
        id?: string
      }
      answers.push({
        server,
        status: response.status,
        code: body.code,
        message: body.message,
        startedAt,
        ms: Date.now() - startedAt,
      })
      return body
    } catch (error) {
      answers.push({
        server,
        status: 0,
        error: String(error),
        startedAt,
        ms: Date.now() - startedAt,
      })
      return {}
    }
  }
  const loop = async (index: number) => {
    const server = servers[index % servers.length]!
    const which = index % servers.length
    for (let i = 0; running; i++) {
      if (i % 2 === 0) {
        await record(which, () => send(server.base, 'GET', '/api/clients?limit=5', { cookie }))
      } else {
        const created = await record(which, () =>
          send(server.base, 'POST', `/api/audits/${auditId}/requests`, {
            cookie,
            origin: LAB_APP_URL,
            body: { title: `Load ${index}.${i}` },
          }),
        )
        if (created.id)
          await record(which, () =>
            send(server.base, 'DELETE', `/api/requests/${created.id}`, {
              cookie,
              origin: LAB_APP_URL,
            }),
          )
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const loops = Array.from({ length: servers.length * perServer }, (_, index) => loop(index))
  return {
    answers,
    /** The answers to requests started from `since` on. */
    since: (since: number) => answers.filter((answer) => answer.startedAt >= since),
    /**
     * The answers given from `since` on, whenever their requests started: a request in flight when
     * a fault begins is answered during it.
     */
    answeredSince: (since: number) =>
      answers.filter((answer) => answer.startedAt + answer.ms >= since),
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

/**
 * Every answer is the app's: success, or 503 in its error shape; never a 500, a dropped
 * connection or a request left hanging.
 */
export function expectOnlyAppAnswers(answers: Answer[]) {
  const wrong = answers.filter(
    (answer) =>
      !(
        [200, 201, 204].includes(answer.status) ||
        (answer.status === 503 && answer.code === 'UNAVAILABLE' && answer.message)
      ),
  )
  expect(wrong).toEqual([])
}

/** Waits until `server` serves signed-in reads again; answers how long that took. */
export async function untilServing(server: ServerProcess, cookie: string, timeoutMs = 30_000) {
  const started = Date.now()
  for (;;) {
    const status = await send(server.base, 'GET', '/api/clients?limit=1', {
      cookie,
      timeoutMs: 10_000,
    }).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return Date.now() - started
    if (!server.alive()) throw new Error(`server exited:\n${server.output()}`)
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `not serving after ${timeoutMs} ms (last answer ${status}); its output ends:\n${server.output().slice(-4_000)}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

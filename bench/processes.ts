// Child processes of the bench: our built server and the baseline, each on a free port.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const root = path.resolve(import.meta.dirname, '..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export interface Running {
  url: string
  pid: number | undefined
  stop(): Promise<void>
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
}

/** Starts a Node process (its output goes to our stderr, keeping stdout for the table). */
async function start(
  args: string[],
  env: Record<string, string>,
  healthPath: string,
): Promise<Running> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url },
  })
  const stop = stopper(child)
  try {
    await waitForHttp(`${url}${healthPath}`, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, pid: child.pid, stop }
}

const unlimited = '100000000'

/**
 * Our production build (dist/server/main.js), mail to the outbox, logging as `npm start` logs
 * (its default level: an access line per request, to our stderr); rate limits out of the way,
 * unless `asUsersRunIt`: then `npm start`'s per-address limits too, behind a "proxy" on loopback,
 * so that each simulated user's X-Forwarded-For counts as its own address (bench/seed.ts `Api`).
 */
export function startServer(
  db: DatabaseTarget,
  { asUsersRunIt = false }: { asUsersRunIt?: boolean } = {},
): Promise<Running> {
  return start(
    [...profileArgs(), path.join(root, 'dist/server/main.js')],
    {
      ...databaseEnv(db),
      NODE_ENV: 'production',
      CAPTCHA_COST: '50',
      SMTP_URL: '',
      ...(asUsersRunIt
        ? { TRUST_PROXY: 'loopback' }
        : {
            RATE_LIMIT_GLOBAL_PER_MINUTE: unlimited,
            RATE_LIMIT_AUTH_PER_MINUTE: unlimited,
            RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: unlimited,
            RATE_LIMIT_LOGIN_FAILURES_PER_IP: unlimited,
          }),
    },
    '/api/health',
  )
}

/** BENCH_CPU_PROF=dir: each process writes a V8 CPU profile there when it stops (node --cpu-prof). */
function profileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []
}

/** The bare Fastify route on the same database (bench/baseline.ts). */
export function startBaseline(db: DatabaseTarget): Promise<Running> {
  return start(
    [...profileArgs(), '--import', 'tsx', path.join(root, 'bench/baseline.ts')],
    databaseEnv(db),
    '/health',
  )
}

export interface DatabaseTarget {
  kind: 'pglite' | 'postgres'
  /** Always set: PGlite's files live under it, and the outbox of mail in both cases. */
  dataDir: string
  databaseUrl?: string
}

function databaseEnv(db: DatabaseTarget): Record<string, string> {
  return { DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' }
}

/** A database of our own on the given server, dropped afterwards. */
export async function withPostgresDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>) {
  const name = `auditdesk_bench_${process.pid}_${Date.now()}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database "${name}"`)
  try {
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return await use(url.toString())
  } finally {
    await admin(`drop database if exists "${name}" with (force)`)
  }
}

export async function withDataDir<T>(use: (dataDir: string) => Promise<T>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-bench-'))
  try {
    return await use(dataDir)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

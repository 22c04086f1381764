import { spawn, type ChildProcess } from 'node:child_process'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { projectRoot } from '../lib/paths'
import { freePort } from './ports'

/** The real entry point (server/main.ts) as a process of its own, as `npm start` runs it. */
export interface ServerProcess {
  port: number
  /** `http://127.0.0.1:<port>` */
  base: string
  child: ChildProcess
  /** Everything it printed so far. */
  output(): string
  /** Its exit code once it exits (null: killed by a signal). */
  exited: Promise<number | null>
  alive(): boolean
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      ...env,
      PORT: env.PORT ?? String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  let running = true
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running = false
      resolve(code)
    }),
  )
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    alive: () => running,
  }
}

/** Waits until the server answers its health check with `status` (200: serving). */
export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000, status = 200) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`server exited early:\n${server.output()}`)
    const answered = await fetch(`${server.base}/api/health`, {
      signal: AbortSignal.timeout(5_000),
    }).then(
      (r) => r.status,
      () => 0,
    )
    if (answered === status) return
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`server did not answer health ${status} in time:\n${server.output()}`)
}

/** The human check solved the way the browser widget does: its base64 payload. */
export async function solvedCaptcha(base: string): Promise<string> {
  const challenge = (await fetch(`${base}/api/auth/captcha`).then((r) => r.json())) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** A JSON request as the browser sends it: the app's own Origin on every mutation. */
export function send(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; origin?: string; timeoutMs?: number } = {},
) {
  const mutation = !['GET', 'HEAD'].includes(method)
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(mutation ? { origin: options.origin ?? base.replace('127.0.0.1', 'localhost') } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  })
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { Redis } from 'ioredis'

/** Whether `redis-server` can be started here (fault tests skip, loudly, without it). */
export const redisServerInstalled = () =>
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0

export interface PrivateRedis {
  url: string
  /** SIGSTOP: the process stops, its connections stay open and answer nothing. */
  freeze(): void
  /** SIGCONT. */
  thaw(): void
  /** SIGKILL, and waits until it is gone. */
  kill(): Promise<void>
  /** Starts it again on the same port (empty: nothing is kept on disk). */
  restart(): Promise<void>
  /** Kills it, frozen or not. */
  stop(): Promise<void>
}

/**
 * A redis-server of the test's own on a free port, nothing kept on disk (field notes: Faults),
 * to freeze, kill and restart: never the shared one.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}/0`
  let child: ChildProcess | undefined

  async function start() {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    const deadline = Date.now() + 10_000
    while (!(await answers(url))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server on port ${port} did not start`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  async function kill() {
    const current = child
    if (!current || current.exitCode !== null || current.signalCode !== null) return
    const exited = new Promise((resolve) => current.once('exit', resolve))
    current.kill('SIGKILL')
    await exited
  }

  await start()
  return {
    url,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    kill,
    restart: start,
    stop: kill,
  }
}

async function answers(url: string) {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  probe.on('error', () => {})
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

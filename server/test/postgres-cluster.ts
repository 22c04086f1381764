import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './ports'

const run = promisify(execFile)

/**
 * The machine's PostgreSQL programs (Debian: /usr/lib/postgresql/<version>/bin), if any; read
 * synchronously, so that a test file can decide at collection whether it runs.
 */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const newest = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0]
  return newest ? path.join(root, newest, 'bin') : undefined
}

export interface PostgresCluster {
  port: number
  /** A URL of `database` on this cluster (created with createDatabase). */
  url(database: string): string
  createDatabase(name: string): Promise<void>
  /** `fast`: clients are told and disconnected; `immediate`: a crash without the clean-up. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  /** SIGKILL to the postmaster, as the OOM killer would; its backends follow. */
  kill(): Promise<void>
  /** pg_terminate_backend on every connection to `database` but the caller's: how many. */
  terminateConnections(database: string): Promise<number>
  destroy(): Promise<void>
}

/**
 * A PostgreSQL cluster of the test's own (initdb and pg_ctl of the machine's PostgreSQL, a data
 * directory and port of its own), so that a test can stop, kill and restart it without touching
 * the shared server. As root, the programs run as the `postgres` user, which PostgreSQL requires.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('No PostgreSQL programs under /usr/lib/postgresql')
  const dir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-pg-'))
  const data = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: group } = await run('id', ['-g', 'postgres'])
    await chown(dir, Number(stdout.trim()), Number(group.trim()))
  }
  const pgRun = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args)

  await pgRun('initdb', [
    '-D',
    data,
    '--auth=trust',
    '--username=postgres',
    '--no-sync',
    '--encoding=UTF8',
    '--locale=C',
  ])
  const port = await freePort()
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ')
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`

  async function start() {
    // After a kill, the old backends may hold the shared memory a moment longer.
    for (let attempt = 1; ; attempt++) {
      try {
        await pgRun('pg_ctl', [
          '-D',
          data,
          '-l',
          path.join(dir, 'log'),
          '-o',
          settings,
          '-w',
          'start',
        ])
        return
      } catch (error) {
        if (attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
  }

  async function admin<T>(database: string, work: (client: pg.Client) => Promise<T>) {
    const client = new pg.Client({ connectionString: url(database) })
    client.on('error', () => {})
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end().catch(() => {})
    }
  }

  await start()
  return {
    port,
    url,
    createDatabase: (name) =>
      admin('postgres', (c) => c.query(`create database ${name}`)).then(() => {}),
    async stop(mode = 'fast') {
      await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'])
    },
    start,
    async kill() {
      const pid = Number((await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0])
      process.kill(pid, 'SIGKILL')
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0)
        } catch {
          return
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    terminateConnections: (database) =>
      admin('postgres', async (client) => {
        const result = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        )
        return result.rowCount ?? 0
      }),
    async destroy() {
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}

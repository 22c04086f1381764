// `npm run bench`: the API benchmark. Starts the built server on a fresh embedded database (and
// on a fresh PostgreSQL database when DATABASE_URL is set), seeds companies through the API,
// loads each scenario with autocannon, then runs the baseline (bench/baseline.ts) on the same
// database, and prints one markdown table. Settings (environment):
//   BENCH_DURATION     seconds per scenario (10)     BENCH_CONNECTIONS  concurrent connections (50)
//   BENCH_WARMUP       unmeasured seconds first (2)  BENCH_SCALES       client counts (100,1000,10000)
//   BENCH_LIST_CLIENTS clients of the main list (50) BENCH_JSON         also write the results here
//   DATABASE_URL       a PostgreSQL server; the bench creates its own database there and drops it
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { measure, type Load, type LoadSettings } from './measure'
import {
  root,
  startBaseline,
  startServer,
  withDataDir,
  withPostgresDatabase,
  type DatabaseTarget,
} from './processes'
import {
  BASELINE_SCENARIO,
  JSON_BASELINE_SCENARIO,
  LIST_SCENARIO,
  TOKEN_LIST_SCENARIO,
  budgetLines,
  budgets,
  markdownTable,
  withRatios,
  type DatabaseName,
  type Report,
  type Row,
} from './report'
import { Api, createCompany, seedClients, seedProjects } from './seed'

interface Settings extends LoadSettings {
  listClients: number
  scales: number[]
  jsonFile: string | undefined
  databaseUrl: string | undefined
}

function positive(name: string, fallback: number, min = 1): number {
  const raw = process.env[name]
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name}=${JSON.stringify(raw)}: expected an integer ≥ ${min}`)
  }
  return value
}

function readSettings(): Settings {
  const scales = (process.env.BENCH_SCALES || '100,1000,10000').split(',').map((part) => {
    const value = Number(part.trim())
    if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_SCALES: bad count "${part}"`)
    return value
  })
  return {
    durationSeconds: positive('BENCH_DURATION', 10),
    connections: positive('BENCH_CONNECTIONS', 50),
    warmupSeconds: positive('BENCH_WARMUP', 2, 0),
    listClients: positive('BENCH_LIST_CLIENTS', 50),
    scales,
    jsonFile: process.env.BENCH_JSON || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
  }
}

const log = (message: string) => console.error(`[bench] ${message}`)

/** Every scenario on one database: ours on the server, then the baseline on the same data. */
async function benchDatabase(
  database: DatabaseName,
  target: DatabaseTarget,
  settings: Settings,
): Promise<Row[]> {
  const rows: Row[] = []
  const run = async (scenario: string, count: number | null, load: Load) => {
    log(`${database}: ${scenario}${count === null ? '' : ` (${count} rows)`}`)
    rows.push({
      database,
      scenario,
      rows: count,
      ...(await measure(load, settings)),
      vsBaseline: null,
      cpuVsBaseline: null,
    })
  }
  const lists: { rows: number; orgId: string }[] = []

  const server = await startServer(target)
  try {
    const api = new Api(server.url)
    log(`${database}: seeding ${settings.listClients} clients and projects`)
    const main = await createCompany(api, target.dataDir, 'main')
    const mainApi = api.withCookie(main.cookie)
    await seedProjects(mainApi, await seedClients(mainApi, settings.listClients))
    lists.push({ rows: settings.listClients, orgId: main.orgId })
    const scaled: { rows: number; cookie: string }[] = []
    for (const count of settings.scales) {
      log(`${database}: seeding a company with ${count} clients`)
      const company = await createCompany(api, target.dataDir, `scale${count}`)
      await seedClients(api.withCookie(company.cookie), count)
      scaled.push({ rows: count, cookie: company.cookie })
      lists.push({ rows: count, orgId: company.orgId })
    }
    const writer = await createCompany(api, target.dataDir, 'writes')

    const drainUrl = `${server.url}/api/health`
    const get = (url: string, cookie: string): Load => ({
      url: `${server.url}${url}`,
      pid: server.pid,
      headers: { cookie },
      drainUrl,
    })
    await run(LIST_SCENARIO, settings.listClients, get('/api/clients', main.cookie))
    // The same list through an API token instead of the session cookie (issue 27).
    const { body: made } = await mainApi.expect<{ token: string }>(201, 'POST', '/api/tokens', {
      name: 'Benchmark',
      scopes: ['read'],
      expiresInDays: 1,
    })
    await run(TOKEN_LIST_SCENARIO, settings.listClients, {
      url: `${server.url}/api/clients`,
      pid: server.pid,
      headers: { authorization: `Bearer ${made.token}` },
      drainUrl,
    })
    await run('GET /api/projects', settings.listClients, get('/api/projects', main.cookie))
    for (const { rows: count, cookie } of scaled) {
      await run(LIST_SCENARIO, count, get('/api/clients', cookie))
    }
    await run('POST /api/clients', null, {
      url: `${server.url}/api/clients`,
      pid: server.pid,
      method: 'POST',
      headers: { ...api.mutationHeaders, cookie: writer.cookie },
      body: { name: 'Benchmark Client', email: 'bench@example.com' },
      drainUrl,
    })
    // Last: every sign-in adds a session.
    await run('POST /api/auth/login', null, {
      url: `${server.url}/api/auth/login`,
      pid: server.pid,
      method: 'POST',
      headers: api.mutationHeaders,
      body: { email: main.email, password: main.password },
      drainUrl,
    })
  } finally {
    await server.stop()
  }

  const baseline = await startBaseline(target)
  try {
    for (const list of lists) {
      await run(BASELINE_SCENARIO, list.rows, {
        url: `${baseline.url}/clients/${list.orgId}`,
        pid: baseline.pid,
        drainUrl: `${baseline.url}/health`,
      })
    }
    const main = lists[0]!
    await run(JSON_BASELINE_SCENARIO, main.rows, {
      url: `${baseline.url}/clients-json/${main.orgId}`,
      pid: baseline.pid,
      drainUrl: `${baseline.url}/health`,
    })
  } finally {
    await baseline.stop()
  }
  return order(rows)
}

/** Each list next to its baseline; the writes last. */
function order(rows: Row[]): Row[] {
  const rank = (row: Row) => {
    if (row.scenario === LIST_SCENARIO) return (row.rows ?? 0) * 10
    if (row.scenario === BASELINE_SCENARIO) return (row.rows ?? 0) * 10 + 1
    if (row.scenario === JSON_BASELINE_SCENARIO) return (row.rows ?? 0) * 10 + 2
    if (row.scenario === TOKEN_LIST_SCENARIO) return Number.MAX_SAFE_INTEGER - 4
    if (row.scenario === 'GET /api/projects') return Number.MAX_SAFE_INTEGER - 3
    if (row.scenario === 'POST /api/clients') return Number.MAX_SAFE_INTEGER - 2
    return Number.MAX_SAFE_INTEGER - 1
  }
  return [...rows].sort((a, b) => rank(a) - rank(b))
}

async function main() {
  const settings = readSettings()
  if (!existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('No build in dist/: run `npm run build` first (`npm run bench` does).')
  }
  log(
    `${settings.durationSeconds} s per scenario, ${settings.connections} connections, ` +
      `${settings.warmupSeconds} s warm-up; lists of ${[settings.listClients, ...settings.scales].join(', ')} clients`,
  )
  let rows = await withDataDir((dataDir) =>
    benchDatabase('PGlite', { kind: 'pglite', dataDir }, settings),
  )
  if (settings.databaseUrl) {
    const adminUrl = settings.databaseUrl
    rows.push(
      ...(await withPostgresDatabase(adminUrl, (databaseUrl) =>
        withDataDir((dataDir) =>
          benchDatabase('PostgreSQL', { kind: 'postgres', dataDir, databaseUrl }, settings),
        ),
      )),
    )
  } else {
    log('DATABASE_URL is not set: PGlite only.')
  }
  rows = withRatios(rows)

  const cpus = os.cpus()
  const report: Report = {
    date: new Date().toISOString(),
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    durationSeconds: settings.durationSeconds,
    connections: settings.connections,
    rows,
    budgets: budgets(rows, settings.listClients),
  }
  console.log(`\n${markdownTable(rows)}\n\n${budgetLines(report.budgets)}`)
  console.log(
    `\n${report.date}; ${report.machine}; ${report.durationSeconds} s per scenario, ${report.connections} connections`,
  )
  if (settings.jsonFile) await writeFile(settings.jsonFile, `${JSON.stringify(report, null, 2)}\n`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})

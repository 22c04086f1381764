// `npm run bench:neighbours`: does one firm at work slow the others? Starts the built server with
// the settings `npm start` uses (its logging, its per-address rate limits) behind a "proxy" on
// loopback (TRUST_PROXY=loopback), so that each simulated user has an address of its own, as
// people of different firms do. On a fresh embedded database and, with DATABASE_URL, on a fresh
// PostgreSQL database, it seeds a busy firm (an audit of 400 requests to export, one of 2,000
// drafts to reorder) and a quiet one (50 clients, an audit of 50 requests). It times the quiet
// firm's pages (its clients list, its audit's requests) while nothing else runs, then while the
// busy firm's users, each asking again as soon as answered (and after Retry-After on a 429),
// export the 400-request audit (3 users), move drafts (3 users), re-date 400 requests (1 user),
// import a workbook of 400 rows into it (1 user: the tracker edited in Excel, every due date
// changed), and all of these at once. The quiet firm's users work as people do, a request then a pause,
// timed from a process of their own. The budget: the quiet firm's p95 within 2× of idle.
// Settings (environment):
//   BENCH_NEIGHBOURS_SECONDS  seconds of each measurement (15)
//   BENCH_NEIGHBOURS_USERS    the quiet firm's users at once (2), each pausing 100 ms between requests
//   BENCH_NEIGHBOURS_ONLY     one scenario: exports, moves, bulk, imports or all
//   BENCH_NEIGHBOURS_SKIP_EMBEDDED  1: with DATABASE_URL, PostgreSQL alone
//   BENCH_CPU_PROF            a folder: the server writes its V8 CPU profile there when it stops
//   DATABASE_URL              a PostgreSQL server; the bench creates its own database and drops it
import { spawn } from 'node:child_process'
import ExcelJS from 'exceljs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  root,
  startServer,
  withDataDir,
  withPostgresDatabase,
  type DatabaseTarget,
} from './processes'
import { Api, createCompany, times } from './seed'

const log = (message: string) => console.error(`[bench:neighbours] ${message}`)

function positive(name: string, fallback: number) {
  const raw = process.env[name]
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name}=${raw}: expected a positive number`)
  return value
}

const settings = {
  seconds: positive('BENCH_NEIGHBOURS_SECONDS', 15),
  users: Math.round(positive('BENCH_NEIGHBOURS_USERS', 2)),
  databaseUrl: process.env.DATABASE_URL || undefined,
  only: process.env.BENCH_NEIGHBOURS_ONLY || undefined,
  skipEmbedded: process.env.BENCH_NEIGHBOURS_SKIP_EMBEDDED === '1',
}
const RATIO_BUDGET = 2

interface Timing {
  p50: number
  p95: number
  count: number
  errors: number
}

function percentiles(latencies: number[], errors: number): Timing {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return { p50: at(0.5), p95: at(0.95), count: sorted.length, errors }
}

/** Trackers prepared for the imports, sent in turn. */
const TRACKERS = 5

/** A quiet firm's user looks at the page, then asks for the next one. */
const THINK_MS = 100

/**
 * `users` loops of a GET, then a pause, for `seconds`, in a process of their own
 * (bench/neighbours-timer.ts): each answer's time.
 */
async function timeCalls(api: Api, url: string, seconds: number, users: number) {
  const task = {
    addresses: Array.from({ length: users }, (_, i) => `10.100.0.${i + 1}`),
    url: `${api.baseUrl}${url}`,
    cookie: api.cookie ?? '',
    seconds,
    users,
    thinkMs: THINK_MS,
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/neighbours-timer.ts'), JSON.stringify(task)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`the quiet firm's timer exited with ${code}`)
  const { latencies, errors } = JSON.parse(output) as { latencies: number[]; errors: number }
  return percentiles(latencies, errors)
}

interface Seeded {
  quiet: { api: Api; auditId: string }
  busy: {
    api: Api
    exportAuditId: string
    exportIds: string[]
    draftIds: string[]
    /** Workbooks of the export audit's tracker, each with other due dates in every row. */
    trackers: Buffer[]
  }
}

async function createTemplate(api: Api, items: number) {
  const template = await api.expect<{ id: string }>(201, 'POST', '/api/templates', {
    name: `Checklist of ${items}`,
  })
  await times(items, 20, (i) =>
    api.expect(201, 'POST', '/api/template-items', {
      templateId: template.body.id,
      title: `Item ${i + 1}: bank statements and reconciliations for the period`,
    }),
  )
  return template.body.id
}

async function createAudit(api: Api, name: string) {
  const client = await api.expect<{ id: string }>(201, 'POST', '/api/clients', {
    name: `${name} client`,
  })
  const project = await api.expect<{ id: string }>(201, 'POST', '/api/projects', {
    name: `${name} project`,
    clientId: client.body.id,
  })
  const audit = await api.expect<{ id: string }>(201, 'POST', '/api/audits', {
    name,
    projectId: project.body.id,
  })
  return audit.body.id
}

async function fromTemplate(api: Api, auditId: string, templateId: string) {
  const reply = await api.expect<Array<{ id: string }>>(
    201,
    'POST',
    `/api/audits/${auditId}/requests/from-template`,
    { templateId },
  )
  return reply.body.map((request) => request.id)
}

/**
 * The audit's tracker as a firm edits it in Excel: each request's number and title, and due dates
 * shifted by `shift` days (trackers of different shifts differ in every row).
 */
async function trackerWorkbook(requests: number, shift: number) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Requests')
  sheet.addRow(['Number', 'Title', 'Due date'])
  const day = 1 + shift
  for (let number = 1; number <= requests; number++)
    sheet.addRow([
      number,
      `Item ${number}: bank statements and reconciliations for the period`,
      `2027-04-${String(1 + ((day + number) % 28)).padStart(2, '0')}`,
    ])
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** A workbook sent as a browser's form sends it. */
async function postWorkbook(api: Api, url: string, workbook: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(workbook)]), 'tracker.xlsx')
  const headers: Record<string, string> = { origin: new URL(api.baseUrl).origin }
  if (api.cookie) headers.cookie = api.cookie
  const address = api.address()
  if (address) headers['x-forwarded-for'] = address
  const reply = await fetch(`${api.baseUrl}${url}`, { method: 'POST', headers, body: form })
  const text = await reply.text()
  return {
    status: reply.status,
    retryAfter: Number(reply.headers.get('retry-after') ?? 0),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  }
}

async function seed(server: string, target: DatabaseTarget): Promise<Seeded> {
  const api = new Api(server, undefined, 'each request')
  const quietFirm = await createCompany(api, target.dataDir, 'quiet')
  const quiet = api.withCookie(quietFirm.cookie)
  await times(50, 10, (i) =>
    quiet.expect(201, 'POST', '/api/clients', { name: `Quiet client ${i + 1}` }),
  )
  const quietAudit = await createAudit(quiet, 'Quiet audit')
  await fromTemplate(quiet, quietAudit, await createTemplate(quiet, 50))

  const busyFirm = await createCompany(api, target.dataDir, 'busy')
  const busy = api.withCookie(busyFirm.cookie)
  const template = await createTemplate(busy, 400)
  const exportAuditId = await createAudit(busy, 'Audit to export')
  const exportIds = await fromTemplate(busy, exportAuditId, template)
  // Written here, not in the loop: a firm's users edit their sheets on their own machines. Each
  // import sends the next of them, so every row changes each time.
  const trackers = await Promise.all(
    Array.from({ length: TRACKERS }, (_, shift) => trackerWorkbook(exportIds.length, shift)),
  )
  const preview = await postWorkbook(
    busy,
    `/api/audits/${exportAuditId}/import/preview`,
    trackers[0]!,
  )
  const counts = (preview.body as { counts?: { update?: number } } | undefined)?.counts
  if (preview.status !== 200 || counts?.update !== exportIds.length)
    throw new Error(`the tracker's preview: ${preview.status} ${JSON.stringify(preview.body)}`)
  const movesAuditId = await createAudit(busy, 'Audit of 2,000 drafts')
  const draftIds: string[] = []
  for (let i = 0; i < 5; i++) draftIds.push(...(await fromTemplate(busy, movesAuditId, template)))
  return {
    quiet: { api: quiet, auditId: quietAudit },
    busy: { api: busy, exportAuditId, exportIds, draftIds, trackers },
  }
}

type Work = 'exports' | 'moves' | 'bulk' | 'imports'
/** What the busy firm does in each scenario: loops of each kind of work, no pause between. */
const SCENARIOS: Record<string, { key: string; loops: Partial<Record<Work, number>> }> = {
  'exports a 400-request audit (3 users)': { key: 'exports', loops: { exports: 3 } },
  'moves drafts among 2,000 (3 users)': { key: 'moves', loops: { moves: 3 } },
  're-dates 400 requests (1 user)': { key: 'bulk', loops: { bulk: 1 } },
  'imports 400 rows from Excel (1 user)': { key: 'imports', loops: { imports: 1 } },
  'all of these at once': { key: 'all', loops: { exports: 3, moves: 3, bulk: 1, imports: 1 } },
}

/** The busy firm at work until `stop` resolves: each kind of work in its loops. */
function busyFirm(
  busy: Seeded['busy'],
  scenario: Partial<Record<Work, number>>,
  stop: Promise<void>,
) {
  let running = true
  void stop.then(() => (running = false))
  const counts = { exports: 0, moves: 0, bulk: 0, imports: 0, refused: 0, failed: 0 }
  const count = (status: number, kind: Work) => {
    if (status >= 200 && status < 300) counts[kind] += 1
    else if (status === 429) counts.refused += 1
    else counts.failed += 1
  }
  /** One user's loop: the next request as soon as the last is answered; a 429 waits its Retry-After. */
  const loop = async (
    work: (api: Api) => Promise<{ status: number; retryAfter: number }>,
    kind: Work,
    address: string,
  ) => {
    const api = busy.api.fromAddress(address)
    while (running) {
      const { status, retryAfter } = await work(api)
      count(status, kind)
      if (status === 429) await sleep(Math.max(1, retryAfter) * 1000)
    }
  }
  const exportOnce = async (api: Api) => {
    const reply = await fetch(`${api.baseUrl}/api/audits/${busy.exportAuditId}/export.csv`, {
      headers: { cookie: api.cookie ?? '', 'x-forwarded-for': api.address() ?? '' },
    })
    await reply.arrayBuffer()
    return { status: reply.status, retryAfter: Number(reply.headers.get('retry-after') ?? 0) }
  }
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!
  const moveOnce = (api: Api) =>
    api.request('POST', `/api/requests/${pick(busy.draftIds)}/move`, {
      position: Math.floor(Math.random() * busy.draftIds.length),
    })
  const bulkOnce = (api: Api) =>
    api.request('PATCH', `/api/audits/${busy.exportAuditId}/requests`, {
      requestIds: busy.exportIds,
      dueDate: `2027-03-${String(1 + Math.floor(Math.random() * 27)).padStart(2, '0')}`,
    })
  let imported = 0
  const importOnce = (api: Api) =>
    postWorkbook(
      api,
      `/api/audits/${busy.exportAuditId}/import`,
      busy.trackers[(imported += 1) % busy.trackers.length]!,
    )
  const work = { exports: exportOnce, moves: moveOnce, bulk: bulkOnce, imports: importOnce }
  let users = 0
  const loops = Object.entries(scenario).flatMap(([kind, n]) =>
    Array.from({ length: n }, () =>
      loop(work[kind as Work], kind as Work, `10.200.0.${(users += 1)}`),
    ),
  )
  return { counts, done: Promise.all(loops) }
}

interface Row {
  database: string
  scenario: string
  call: string
  idle: Timing
  busy: Timing
  work: ReturnType<typeof busyFirm>['counts']
}

async function benchDatabase(database: string, target: DatabaseTarget): Promise<Row[]> {
  const server = await startServer(target, { asUsersRunIt: true })
  try {
    log(`${database}: seeding (a quiet firm, a busy firm with 2,400 requests)`)
    const seeded = await seed(server.url, target)
    const calls = {
      'GET /api/clients (50)': '/api/clients?limit=50',
      'GET /api/audits/{id}/requests (50)': `/api/audits/${seeded.quiet.auditId}/requests`,
    }
    const idle: Record<string, Timing> = {}
    for (const [call, url] of Object.entries(calls)) {
      await timeCalls(seeded.quiet.api, url, 2, settings.users)
      log(`${database}: ${call}, idle`)
      idle[call] = await timeCalls(seeded.quiet.api, url, settings.seconds, settings.users)
    }
    const rows: Row[] = []
    for (const [scenario, { key, loops }] of Object.entries(SCENARIOS)) {
      if (settings.only && settings.only !== key) continue
      let stop!: () => void
      const stopped = new Promise<void>((resolve) => (stop = resolve))
      const work = busyFirm(seeded.busy, loops, stopped)
      await sleep(2000)
      for (const [call, url] of Object.entries(calls)) {
        log(`${database}: ${call}, while the busy firm ${scenario}`)
        rows.push({
          database,
          scenario,
          call,
          idle: idle[call]!,
          busy: await timeCalls(seeded.quiet.api, url, settings.seconds, settings.users),
          work: work.counts,
        })
      }
      stop()
      await work.done
    }
    return rows
  } finally {
    await server.stop()
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–')

async function main() {
  const rows: Row[] = []
  if (!(settings.skipEmbedded && settings.databaseUrl))
    await withDataDir(async (dataDir) => {
      rows.push(...(await benchDatabase('PGlite', { kind: 'pglite', dataDir })))
    })
  if (settings.databaseUrl) {
    await withPostgresDatabase(settings.databaseUrl, (url) =>
      withDataDir(async (dataDir) => {
        rows.push(
          ...(await benchDatabase('PostgreSQL', { kind: 'postgres', dataDir, databaseUrl: url })),
        )
      }),
    )
  }
  console.log(
    `\n${settings.seconds} s per measurement; the quiet firm: ${settings.users} users, ${THINK_MS} ms between requests (${root})\n`,
  )
  console.log(
    "| database | the busy firm | the quiet firm's call | idle p50 ms | idle p95 ms | busy p50 ms | busy p95 ms | p95 busy/idle | the busy firm's work done |",
  )
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |')
  let missed = false
  for (const row of rows) {
    const ratio = row.busy.p95 / row.idle.p95
    if (!(ratio <= RATIO_BUDGET) || row.busy.errors > 0) missed = true
    const { exports, moves, bulk, imports, refused, failed } = row.work
    const done = [
      exports && `${exports} exports`,
      moves && `${moves} moves`,
      bulk && `${bulk} re-datings`,
      imports && `${imports} imports`,
      refused && `${refused} refused (429)`,
      failed && `${failed} failed`,
    ].filter(Boolean)
    console.log(
      `| ${row.database} | ${row.scenario} | ${row.call} | ${ms(row.idle.p50)} | ${ms(row.idle.p95)} | ${ms(row.busy.p50)} | ${ms(row.busy.p95)} | ${ratio.toFixed(2)}× | ${done.join(', ')}${row.busy.errors ? ` (quiet firm: ${row.busy.errors} errors)` : ''} |`,
    )
  }
  console.log(
    `\nBudget: the quiet firm's p95 within ${RATIO_BUDGET}× of idle: ${missed ? 'NOT met' : 'met'}`,
  )
  if (missed) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

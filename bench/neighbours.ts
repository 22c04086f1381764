// `npm run bench:neighbours`: does one firm at work slow the others? Starts the built server with
// the settings `npm start` uses (its default logging included; only the per-IP limits are lifted,
// since every simulated user here shares one address), on a fresh embedded database and, with
// DATABASE_URL, on a fresh PostgreSQL database. Seeds a busy firm (an audit of 400 requests to
// export, one of 2,000 drafts to reorder) and a quiet one (50 clients, an audit of 50 requests).
// Measures the quiet firm's pages (its clients list, its audit's requests) while nothing else
// runs, then while the busy firm exports its 400-request audit in three loops, moves drafts in
// three loops and re-dates 400 requests in one loop; prints p50/p95 of each and the ratio to idle.
// The budget: the quiet firm's p95 within 2× of idle. Settings (environment):
//   BENCH_NEIGHBOURS_SECONDS  seconds of each measurement (20)
//   BENCH_NEIGHBOURS_USERS    the quiet firm's users at once, each one request after another (4)
//   DATABASE_URL              a PostgreSQL server; the bench creates its own database and drops it
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
  seconds: positive('BENCH_NEIGHBOURS_SECONDS', 20),
  users: Math.round(positive('BENCH_NEIGHBOURS_USERS', 4)),
  databaseUrl: process.env.DATABASE_URL || undefined,
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

/** `users` loops of one GET after another for `seconds`: each answer's time. */
async function timeCalls(api: Api, url: string, seconds: number, users: number) {
  const latencies: number[] = []
  let errors = 0
  const until = Date.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (Date.now() < until) {
        const started = performance.now()
        const reply = await api.request('GET', url)
        if (reply.status === 200) latencies.push(performance.now() - started)
        else errors += 1
      }
    }),
  )
  return percentiles(latencies, errors)
}

interface Seeded {
  quiet: { api: Api; auditId: string }
  busy: { api: Api; exportAuditId: string; exportIds: string[]; draftIds: string[] }
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

async function seed(server: string, target: DatabaseTarget): Promise<Seeded> {
  const api = new Api(server)
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
  const movesAuditId = await createAudit(busy, 'Audit of 2,000 drafts')
  const draftIds: string[] = []
  for (let i = 0; i < 5; i++) draftIds.push(...(await fromTemplate(busy, movesAuditId, template)))
  return {
    quiet: { api: quiet, auditId: quietAudit },
    busy: { api: busy, exportAuditId, exportIds, draftIds },
  }
}

/** The busy firm at work until `stop` resolves: exports, moves and re-dating, each in loops. */
function busyFirm(busy: Seeded['busy'], stop: Promise<void>) {
  let running = true
  void stop.then(() => (running = false))
  const counts = { exports: 0, moves: 0, bulk: 0, refused: 0, failed: 0 }
  const count = (status: number, kind: 'exports' | 'moves' | 'bulk') => {
    if (status >= 200 && status < 300) counts[kind] += 1
    else if (status === 429) counts.refused += 1
    else counts.failed += 1
  }
  const loop = async (work: () => Promise<void>) => {
    while (running) {
      await work()
      // A refused turn (429) comes back a moment later, as a client honouring Retry-After would.
      await sleep(10)
    }
  }
  const exportOnce = async () => {
    const reply = await fetch(`${busy.api.baseUrl}/api/audits/${busy.exportAuditId}/export.csv`, {
      headers: { cookie: busy.api.cookie ?? '' },
    })
    await reply.arrayBuffer()
    count(reply.status, 'exports')
    if (reply.status === 429) await sleep(1000)
  }
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!
  const moveOnce = async () => {
    const reply = await busy.api.request('POST', `/api/requests/${pick(busy.draftIds)}/move`, {
      position: Math.floor(Math.random() * busy.draftIds.length),
    })
    count(reply.status, 'moves')
  }
  const bulkOnce = async () => {
    const day = 1 + Math.floor(Math.random() * 27)
    const reply = await busy.api.request('PATCH', `/api/audits/${busy.exportAuditId}/requests`, {
      requestIds: busy.exportIds,
      dueDate: `2027-03-${String(day).padStart(2, '0')}`,
    })
    count(reply.status, 'bulk')
    if (reply.status === 429) await sleep(1000)
  }
  const loops = [
    ...Array.from({ length: 3 }, () => loop(exportOnce)),
    ...Array.from({ length: 3 }, () => loop(moveOnce)),
    loop(bulkOnce),
  ]
  return { counts, done: Promise.all(loops) }
}

interface Row {
  database: string
  call: string
  idle: Timing
  busy: Timing
}

async function benchDatabase(
  database: string,
  target: DatabaseTarget,
): Promise<{ rows: Row[]; work: ReturnType<typeof busyFirm>['counts'] }> {
  const server = await startServer(target, { defaultLogging: true })
  try {
    log(`${database}: seeding (a quiet firm, a busy firm with 2,400 requests)`)
    const seeded = await seed(server.url, target)
    const calls = {
      'quiet firm: GET /api/clients (50)': '/api/clients?limit=50',
      'quiet firm: GET /api/audits/{id}/requests (50)': `/api/audits/${seeded.quiet.auditId}/requests`,
    }
    const rows: Row[] = []
    const idle: Record<string, Timing> = {}
    for (const [call, url] of Object.entries(calls)) {
      await timeCalls(seeded.quiet.api, url, 2, settings.users)
      log(`${database}: ${call}, idle`)
      idle[call] = await timeCalls(seeded.quiet.api, url, settings.seconds, settings.users)
    }
    let stop!: () => void
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const work = busyFirm(seeded.busy, stopped)
    await sleep(2000)
    for (const [call, url] of Object.entries(calls)) {
      log(`${database}: ${call}, while the busy firm works`)
      rows.push({
        database,
        call,
        idle: idle[call]!,
        busy: await timeCalls(seeded.quiet.api, url, settings.seconds, settings.users),
      })
    }
    stop()
    await work.done
    return { rows, work: work.counts }
  } finally {
    await server.stop()
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–')

async function main() {
  const results: Array<Awaited<ReturnType<typeof benchDatabase>>> = []
  await withDataDir(async (dataDir) => {
    results.push(await benchDatabase('PGlite', { kind: 'pglite', dataDir }))
  })
  if (settings.databaseUrl) {
    await withPostgresDatabase(settings.databaseUrl, (url) =>
      withDataDir(async (dataDir) => {
        results.push(
          await benchDatabase('PostgreSQL', { kind: 'postgres', dataDir, databaseUrl: url }),
        )
      }),
    )
  }
  console.log(
    `\n${settings.seconds} s per measurement, ${settings.users} users of the quiet firm at once (${root})\n`,
  )
  console.log(
    '| database | call | idle p50 ms | idle p95 ms | busy p50 ms | busy p95 ms | p95 busy/idle | answers (idle, busy) |',
  )
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  let missed = false
  for (const { rows } of results)
    for (const row of rows) {
      const ratio = row.busy.p95 / row.idle.p95
      if (!(ratio <= RATIO_BUDGET) || row.busy.errors > 0) missed = true
      console.log(
        `| ${row.database} | ${row.call} | ${ms(row.idle.p50)} | ${ms(row.idle.p95)} | ${ms(row.busy.p50)} | ${ms(row.busy.p95)} | ${ratio.toFixed(2)}× | ${row.idle.count}, ${row.busy.count}${row.busy.errors ? ` (${row.busy.errors} errors)` : ''} |`,
      )
    }
  console.log('')
  for (const [index, { work }] of results.entries())
    console.log(
      `The busy firm on ${index === 0 ? 'PGlite' : 'PostgreSQL'} meanwhile: ${work.exports} exports of 400 requests, ${work.moves} moves among 2,000 drafts, ${work.bulk} re-datings of 400 requests; ${work.refused} turns refused (429), ${work.failed} failures`,
    )
  console.log(
    `\nBudget: the quiet firm's p95 within ${RATIO_BUDGET}× of idle: ${missed ? 'NOT met' : 'met'}`,
  )
  if (missed) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

// `npm run bench:scale`: does every screen stay as fast for a large firm as for a small one?
// Seeds one database with SQL (bench/scale-seed.ts): a large firm (1,000 clients, 5,000 projects,
// 10,000 audits, 250,000 requests with versions and comments, 10,000 handed-in files with the text
// read out of them, 1,000,000 activity events) and a small one (10 clients, 100 files). Then,
// against the production server, signed in as each firm's admin (and as a client user for their
// screens), it times every call each screen makes: sequential requests, one at a time, the two
// firms interleaved in rounds so that load from elsewhere falls on both alike. It prints p50/p95
// per call and firm, the large/small ratio of the medians, and the EXPLAIN (ANALYZE, BUFFERS)
// plans of the SQL behind every call whose ratio exceeds 1.5 (captured by running the same
// request in process with a logging database handle).
// A call that misses a budget is measured again once, to tell the machine's noise from a miss.
// Exits 1 when a budget is still missed. Settings (environment):
//   BENCH_DB             pg (default) or pglite
//   DATABASE_URL         the PostgreSQL server for pg (default postgres://postgres@127.0.0.1:5432/postgres);
//                        the bench creates its own database there and drops it
//   BENCH_SCALE_REQUESTS timed requests per call and firm (200)
//   BENCH_SCALE_WARMUP   untimed requests first (20)
//   BENCH_SCALE_FACTOR   the large firm's clients, events and files times this (1); for a quick look
//   BENCH_SCALE_ONLY     the calls of these screens only, comma-separated (dashboard, clients, …, report, portfolio, review, search)
import { existsSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDatabase, selectRows, type Database, type Db } from '../server/db/client'
import { acquireDataDirLock } from '../server/db/data-dir-lock'
import { encodeCursor } from '../server/db/keyset'
import * as schema from '../server/db/schema'
import { passwords } from '../server/modules/auth/passwords'
import {
  root,
  startServer,
  withDataDir,
  withPostgresDatabase,
  type DatabaseTarget,
} from './processes'
import {
  CREATE_UUID_FUNCTION,
  DROP_UUID_FUNCTION,
  FILE_WORDS,
  LARGE_FIRM,
  SEARCH_WORD,
  SEED_PASSWORD,
  SMALL_FIRM,
  adminEmail,
  clientUserEmail,
  firmStatements,
  middleAudit,
  pickStatements,
  scaled,
  totals,
  type FirmSpec,
} from './scale-seed'
import { Api } from './seed'

const log = (message: string) => console.error(`[bench:scale] ${message}`)

function positive(name: string, fallback: number): number {
  const raw = process.env[name]
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name}=${JSON.stringify(raw)}: expected a positive number`)
  }
  return value
}

const kind = process.env.BENCH_DB || 'pg'
if (kind !== 'pg' && kind !== 'pglite') throw new Error(`BENCH_DB=${kind}: expected pg or pglite`)
const settings = {
  kind,
  databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  requests: Math.round(positive('BENCH_SCALE_REQUESTS', 200)),
  warmup: Math.round(positive('BENCH_SCALE_WARMUP', 20)),
  factor: positive('BENCH_SCALE_FACTOR', 1),
}
/** Budgets: p95 on PostgreSQL; the large firm's median over the small one's. */
const P95_BUDGET_MS = 50
/** Search's p95 on PostgreSQL for the large firm (decision 050). */
const SEARCH_P95_BUDGET_MS = 100
const RATIO_BUDGET = kind === 'pg' ? 1.5 : 2
const EXPLAIN_ABOVE = 1.5
const ROUNDS = 10

const large = scaled(LARGE_FIRM, settings.factor)
const firms = [large, SMALL_FIRM] as const

interface Picks {
  orgId: string
  auditId: string
  projectId: string
  clientId: string
  requestId: string
  /** The firm's audit of BIG_AUDIT_REQUESTS requests. */
  bigAuditId: string
  /** Cursors of the page after the middle client (by name) and the middle event (newest first). */
  clientsCursor: string
  activityCursor: string
}

const SEED_STATEMENT_TIMEOUT_MS = 30 * 60_000

async function seconds<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await work()
  log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result
}

/** Migrates, seeds both firms, and reads back what the screens will open. */
async function seed(target: DatabaseTarget): Promise<Map<string, Picks>> {
  // One statement seeds 250,000 requests: far longer than the app's statement deadline.
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    statementTimeoutMs: SEED_STATEMENT_TIMEOUT_MS,
  })
  try {
    await database.migrate()
    const hash = await passwords.hash(SEED_PASSWORD)
    const picks = new Map<string, Picks>()
    await database.db.execute(sql.raw(CREATE_UUID_FUNCTION))
    for (const firm of firms) {
      const t = totals(firm)
      await seconds(
        `seeded ${firm.prefix} firm (${firm.clients} clients, ${t.projects} projects, ${t.audits} audits, ${t.requests} requests, ${firm.files} files, ${firm.events} events)`,
        async () => {
          for (const statement of firmStatements(firm, hash)) {
            await database.db.execute(sql.raw(statement)).catch((error: unknown) => {
              // Drizzle's message is the statement; the database's reason is its cause.
              throw new Error(
                `${(error as Error).message.slice(0, 200)}…: ${String((error as Error).cause)}`,
              )
            })
          }
        },
      )
    }
    // PostgreSQL's autovacuum analyses fresh tables and clears the dead versions of the counts'
    // rows (organization_counts took a change per seeded row) within a minute. The embedded
    // database has no autovacuum: the app's maintenance runs ANALYZE at start and every
    // MAINTENANCE_INTERVAL_MINUTES (done here so that it does not overlap the first timings), and
    // the counts' rows are vacuumed as a long-running database's would be, the entries waiting in
    // the search indexes' pending lists merged into them as the maintenance's VACUUM merges them.
    if (database.kind === 'postgres') {
      await seconds('vacuum analyze', () => database.db.execute(sql`vacuum analyze`))
    } else {
      await seconds('vacuum, analyze', async () => {
        await database.db.execute(sql`vacuum organization_counts`)
        await database.db.execute(
          sql`select gin_clean_pending_list(c.oid) from pg_class c join pg_am am on am.oid = c.relam
              where c.relkind = 'i' and am.amname = 'gin'`,
        )
        await database.db.execute(sql`analyze`)
      })
    }
    for (const firm of firms) picks.set(firm.prefix, await readPicks(database.db, firm))
    await database.db.execute(sql.raw(DROP_UUID_FUNCTION))
    return picks
  } finally {
    await database.close()
  }
}

async function readPicks(db: Db, firm: FirmSpec): Promise<Picks> {
  const statements = pickStatements(firm)
  const one = async <T>(text: string) => {
    const [row] = await selectRows<T>(db, sql.raw(text))
    if (!row) throw new Error(`${firm.prefix}: nothing for ${text}`)
    return row
  }
  const org = await one<{ id: string }>(statements.org)
  const audit = await one<{ auditId: string; projectId: string; clientId: string }>(
    statements.audit,
  )
  const request = await one<{ id: string }>(statements.request)
  const bigAudit = await one<{ id: string }>(statements.bigAudit)
  const middleClient = await one<{ keys: string[] }>(statements.middleClient)
  const middleEvent = await one<{ keys: string[] }>(statements.middleEvent)
  return {
    orgId: org.id,
    ...audit,
    requestId: request.id,
    bigAuditId: bigAudit.id,
    clientsCursor: encodeCursor(middleClient.keys),
    activityCursor: encodeCursor(middleEvent.keys),
  }
}

interface Call {
  screen: string
  /** The path with placeholders, as the table shows it. */
  label: string
  /** Who calls it: the firm's admin or the client user. */
  as: 'admin' | 'client'
  url: (picks: Picks) => string
  /**
   * Its cost grows with the firm by definition, so only the p95 budget holds, not the ratio: the
   * portfolio's totals sum every audit of the firm; a search ranks every match, and the large
   * firm's documents hold a hundred times the small one's matches.
   */
  firmWide?: true
  /** Its own p95 budget on PostgreSQL (P95_BUDGET_MS otherwise). */
  p95BudgetMs?: number
  /** The rows of its reply are the `items` of an object (a search's), not an array. */
  items?: true
}

const call = (
  screen: string,
  as: Call['as'],
  label: string,
  url: Call['url'],
  options: Pick<Call, 'firmWide' | 'p95BudgetMs' | 'items'> = {},
): Call => ({ screen, label, as, url, ...options })

/**
 * Search's calls (GET /api/search, 20 results, every kind unless `types`): words of the seeded
 * files' text in a known share of them (FILE_WORDS), two words the last one a prefix (as typed),
 * a word of client names, and "bank confirmation", the body of every comment (on 30% of the sent
 * requests: 139,000 of the large firm's, the most matches); as the admin and as the client user,
 * whose search is confined to what was sent to their client. The last word of each is matched as
 * a prefix (no space after it), as the search box sends it.
 */
const searches: Array<{ q: string; types?: string; what: string }> = [
  { q: FILE_WORDS.rare, what: '1% of files' },
  { q: FILE_WORDS.common, what: '20% of files' },
  { q: `${FILE_WORDS.common} reco`, what: '20%, and a prefix' },
  { q: FILE_WORDS.distinctive, what: '1 file in 2,000' },
  { q: SEARCH_WORD, what: 'client names' },
  { q: 'bank confirmation', what: 'every comment' },
  { q: 'document', what: 'every request’s title' },
  { q: FILE_WORDS.common, types: 'file', what: 'files only, 20%' },
]
const searchCalls = (['admin', 'client'] as const).flatMap((as) =>
  searches.map(({ q, types, what }) => {
    const query = (encode: (value: string) => string) =>
      `${types ? `types=${types}&` : ''}q=${encode(q)}`
    return call(
      'search',
      as,
      `GET /api/search?${query((value) => value)} (${what})${as === 'client' ? ' (client)' : ''}`,
      () => `/api/search?${query(encodeURIComponent)}`,
      { firmWide: true, p95BudgetMs: SEARCH_P95_BUDGET_MS, items: true },
    )
  }),
)

const CALLS: Call[] = [
  call('dashboard', 'admin', 'GET /api/auth/me', () => '/api/auth/me'),
  call('dashboard', 'admin', 'GET /api/dashboard', () => '/api/dashboard'),
  call('clients', 'admin', 'GET /api/clients', () => '/api/clients'),
  call('clients', 'admin', 'GET /api/clients?limit=10', () => '/api/clients?limit=10'),
  call(
    'clients',
    'admin',
    'GET /api/clients?limit=5&cursor=(middle)',
    (p) => `/api/clients?limit=5&cursor=${p.clientsCursor}`,
  ),
  call(
    'clients',
    'admin',
    `GET /api/clients?q=${SEARCH_WORD}`,
    () => `/api/clients?q=${SEARCH_WORD}`,
  ),
  call('client', 'admin', 'GET /api/clients/:id', (p) => `/api/clients/${p.clientId}`),
  call(
    'client',
    'admin',
    'GET /api/projects?clientId=',
    (p) => `/api/projects?clientId=${p.clientId}`,
  ),
  call(
    'client',
    'admin',
    'GET /api/projects/counts?clientId=',
    (p) => `/api/projects/counts?clientId=${p.clientId}`,
  ),
  call('projects', 'admin', 'GET /api/projects', () => '/api/projects'),
  call('projects', 'admin', 'GET /api/projects?limit=10', () => '/api/projects?limit=10'),
  call('projects', 'admin', 'GET /api/projects?status=active', () => '/api/projects?status=active'),
  call(
    'projects',
    'admin',
    'GET /api/projects?status=completed',
    () => '/api/projects?status=completed',
  ),
  call(
    'projects',
    'admin',
    'GET /api/projects?status=on_hold',
    () => '/api/projects?status=on_hold',
  ),
  call('projects', 'admin', 'GET /api/projects/counts', () => '/api/projects/counts'),
  call('project', 'admin', 'GET /api/projects/:id', (p) => `/api/projects/${p.projectId}`),
  call(
    'project',
    'admin',
    'GET /api/audits?projectId=',
    (p) => `/api/audits?projectId=${p.projectId}`,
  ),
  call('audit', 'admin', 'GET /api/audits/:id', (p) => `/api/audits/${p.auditId}`),
  call(
    'audit',
    'admin',
    'GET /api/audits/:id/requests',
    (p) => `/api/audits/${p.auditId}/requests`,
  ),
  call(
    'audit',
    'admin',
    'GET /api/audits/:id/requests?status=&sort=-dueDate&q=',
    (p) =>
      `/api/audits/${p.auditId}/requests?status=sent,submitted,returned&sort=-dueDate&q=document`,
  ),
  call(
    'audit',
    'admin',
    'GET …/requests (2,000) ?status=&sort=-dueDate',
    (p) => `/api/audits/${p.bigAuditId}/requests?status=sent,returned&sort=-dueDate`,
  ),
  call(
    'audit',
    'admin',
    'GET …/requests (2,000) ?sort=assignee&q=',
    (p) => `/api/audits/${p.bigAuditId}/requests?sort=assignee&q=statement`,
  ),
  call(
    'audit',
    'admin',
    'GET …/requests (2,000) ?overdue=true&sort=-number',
    (p) => `/api/audits/${p.bigAuditId}/requests?overdue=true&sort=-number`,
  ),
  call('report', 'admin', 'GET /api/audits/:id/report', (p) => `/api/audits/${p.auditId}/report`),
  call(
    'report',
    'admin',
    'GET /api/audits/:id/report (2,000)',
    (p) => `/api/audits/${p.bigAuditId}/report`,
  ),
  call('review', 'admin', 'GET /api/review-queue', () => '/api/review-queue'),
  call('review', 'admin', 'GET /api/my-work', () => '/api/my-work'),
  call('portfolio', 'admin', 'GET /api/reports/portfolio', () => '/api/reports/portfolio', {
    firmWide: true,
  }),
  call(
    'portfolio',
    'admin',
    'GET /api/reports/portfolio?slipping=true&sort=-overdue',
    () => '/api/reports/portfolio?slipping=true&sort=-overdue&limit=50',
    { firmWide: true },
  ),
  call(
    'audit',
    'admin',
    'GET /api/audits/:id/team-candidates',
    (p) => `/api/audits/${p.auditId}/team-candidates`,
  ),
  call(
    'audit',
    'admin',
    'GET /api/audits/:id/assignees',
    (p) => `/api/audits/${p.auditId}/assignees`,
  ),
  call('request', 'admin', 'GET /api/requests/:id', (p) => `/api/requests/${p.requestId}`),
  call(
    'request',
    'admin',
    'GET /api/requests/:id/comments',
    (p) => `/api/requests/${p.requestId}/comments`,
  ),
  call(
    'request',
    'admin',
    'GET /api/requests/:id/assignees',
    (p) => `/api/requests/${p.requestId}/assignees`,
  ),
  call('my-requests', 'client', 'GET /api/dashboard (client)', () => '/api/dashboard'),
  call('my-requests', 'client', 'GET /api/my-requests', () => '/api/my-requests'),
  call('my-requests', 'client', 'GET /api/audits/:id (client)', (p) => `/api/audits/${p.auditId}`),
  call(
    'my-requests',
    'client',
    'GET /api/audits/:id/requests (client)',
    (p) => `/api/audits/${p.auditId}/requests`,
  ),
  call(
    'my-requests',
    'client',
    'GET /api/requests/:id (client)',
    (p) => `/api/requests/${p.requestId}`,
  ),
  call('admin', 'admin', 'GET /api/users', () => '/api/users'),
  call('admin', 'admin', 'GET /api/users?limit=10', () => '/api/users?limit=10'),
  call('admin', 'admin', 'GET /api/invitations', () => '/api/invitations'),
  call('admin', 'admin', 'GET /api/organization', () => '/api/organization'),
  call('activity', 'admin', 'GET /api/activity', () => '/api/activity'),
  call(
    'activity',
    'admin',
    'GET /api/activity?cursor=(middle)',
    (p) => `/api/activity?cursor=${p.activityCursor}`,
  ),
  ...searchCalls,
]

interface Firm {
  spec: FirmSpec
  picks: Picks
  cookies: Record<Call['as'], string>
}

async function signIn(api: Api, email: string): Promise<string> {
  const reply = await api.expect(200, 'POST', '/api/auth/login', { email, password: SEED_PASSWORD })
  const cookie = reply.setCookie.map((c) => c.split(';')[0]!).join('; ')
  if (!cookie) throw new Error(`${email}: the sign-in set no cookie`)
  return cookie
}

/** Milliseconds of one request, answered 200 and read to its end. */
async function timeOne(baseUrl: string, url: string, cookie: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } })
  await response.arrayBuffer()
  const elapsed = performance.now() - started
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`)
  return elapsed
}

interface Timing {
  p50: number
  p95: number
}

/** The rows in a reply: an array's length (a list), its items' (Call.items), or 1. */
async function rowsOf(baseUrl: string, url: string, cookie: string, items = false) {
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } })
  const body = (await response.json()) as unknown
  if (items) return (body as { items: unknown[] }).items.length
  return Array.isArray(body) ? body.length : 1
}

function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
  return { p50: at(0.5), p95: at(0.95) }
}

/** Both firms' timings of one call: warm-up, then rounds alternating between the firms. */
async function measureCall(baseUrl: string, target: Call, pair: Firm[]) {
  const samples = pair.map(() => [] as number[])
  const urls = pair.map((firm) => target.url(firm.picks))
  for (const [i, firm] of pair.entries()) {
    for (let n = 0; n < settings.warmup; n++)
      await timeOne(baseUrl, urls[i]!, firm.cookies[target.as])
  }
  const perRound = Math.ceil(settings.requests / ROUNDS)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, firm] of pair.entries()) {
      for (let n = 0; n < perRound; n++) {
        samples[i]!.push(await timeOne(baseUrl, urls[i]!, firm.cookies[target.as]))
      }
    }
  }
  const rows = await Promise.all(
    pair.map((firm, i) => rowsOf(baseUrl, urls[i]!, firm.cookies[target.as], target.items)),
  )
  return pair.map((_, i) => ({ ...percentiles(samples[i]!), rows: rows[i]! }))
}

interface Result {
  call: Call
  large: Timing & { rows: number }
  small: Timing & { rows: number }
  ratio: number
  /** The first measurement, when the call missed a budget and was measured again. */
  first?: { large: Timing; small: Timing; ratio: number }
}

const p95Budget = (target: Call) => target.p95BudgetMs ?? P95_BUDGET_MS

/**
 * The ratio's budget holds where both firms' replies hold as many rows: a first page of 100 rows
 * against the small firm's 10 measures the reply's size, not the firm's (the same list with
 * `limit=10` is measured beside it).
 */
const misses = (result: Omit<Result, 'first'>) =>
  (!result.call.firmWide &&
    result.large.rows === result.small.rows &&
    result.ratio > RATIO_BUDGET) ||
  (kind === 'pg' && result.large.p95 > p95Budget(result.call))

async function measureAll(baseUrl: string, pair: Firm[]): Promise<Result[]> {
  const results: Result[] = []
  const only = process.env.BENCH_SCALE_ONLY?.split(',')
  for (const target of only ? CALLS.filter((c) => only.includes(c.screen)) : CALLS) {
    const run = async () => {
      const [largeTiming, smallTiming] = await measureCall(baseUrl, target, pair)
      return {
        large: largeTiming!,
        small: smallTiming!,
        ratio: largeTiming!.p50 / smallTiming!.p50,
      }
    }
    let result: Result = { call: target, ...(await run()) }
    if (misses(result)) {
      log(`${target.label}: missed (ratio ${result.ratio.toFixed(2)}); measuring again`)
      const first = { large: result.large, small: result.small, ratio: result.ratio }
      result = { call: target, ...(await run()), first }
    }
    log(
      `${target.label}: large ${result.large.p50.toFixed(1)}/${result.large.p95.toFixed(1)} ms, ` +
        `small ${result.small.p50.toFixed(1)}/${result.small.p95.toFixed(1)} ms, ratio ${result.ratio.toFixed(2)}`,
    )
    results.push(result)
  }
  return results
}

const ms = (value: number) => value.toFixed(1)

/** A call's budget column: a firm-wide call has only its p95 budget, which holds on PostgreSQL. */
function verdict(r: Result) {
  if (misses(r)) return 'MISSED'
  if (!r.call.firmWide) return 'met'
  return kind === 'pg' ? `met (p95 ≤ ${p95Budget(r.call)})` : 'none on PGlite'
}

function table(results: Result[]): string {
  const header = [
    '| screen      | call                                       | rows (large/small) | small p50 | small p95 | large p50 | large p95 | large/small (p50) | budget |',
    '| ----------- | ------------------------------------------ | -----------------: | --------: | --------: | --------: | --------: | ----------------: | ------ |',
  ]
  const lines = results.map((r) => {
    const again = r.first
      ? ` (first run ${r.first.ratio.toFixed(2)}, p95 ${ms(r.first.large.p95)})`
      : ''
    const rows = `${r.large.rows}/${r.small.rows}`
    return `| ${r.call.screen.padEnd(11)} | ${r.call.label.padEnd(42)} | ${rows.padStart(18)} | ${ms(r.small.p50).padStart(9)} | ${ms(r.small.p95).padStart(9)} | ${ms(r.large.p50).padStart(9)} | ${ms(r.large.p95).padStart(9)} | ${(r.ratio.toFixed(2) + '×').padStart(17)} | ${verdict(r)}${again} |`
  })
  return [...header, ...lines].join('\n')
}

/**
 * The SQL behind a call, captured from a Drizzle logger while the same request runs in process
 * (the server stopped: PGlite takes one process per data directory), each statement then run
 * under EXPLAIN (ANALYZE, BUFFERS) with its parameters.
 */
async function explainCalls(target: DatabaseTarget, firm: Firm, calls: Call[]) {
  let captured: { query: string; params: unknown[] }[] = []
  const logger = {
    logQuery: (query: string, params: unknown[]) => captured.push({ query, params }),
  }
  let explain: (text: string, params: unknown[]) => Promise<string[]>
  let database: Database
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 2 })
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db
    explain = async (text, params) =>
      (await pool.query<{ 'QUERY PLAN': string }>(text, params)).rows.map((r) => r['QUERY PLAN'])
    database = {
      db,
      kind: 'postgres',
      migrate: async () => {},
      executeSql: (text, values) => pool.query(text, values),
      ping: async () => {},
      listen: async () => async () => {},
      close: () => pool.end(),
    }
  } else {
    const release = await acquireDataDirLock(target.dataDir)
    const client = await PGlite.create({ dataDir: path.join(target.dataDir, 'pgdata') })
    const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db
    explain = async (text, params) =>
      (await client.query<{ 'QUERY PLAN': string }>(text, params)).rows.map((r) => r['QUERY PLAN'])
    database = {
      db,
      kind: 'pglite',
      migrate: async () => {},
      executeSql: (text, values) => client.query(text, values),
      ping: async () => {},
      listen: async () => async () => {},
      close: async () => {
        await client.close()
        await release()
      },
    }
  }
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  })
  const app = await buildApp({ config, database })
  const out: string[] = []
  try {
    for (const c of calls) {
      captured = []
      const url = c.url(firm.picks)
      const reply = await app.inject({
        method: 'GET',
        url,
        headers: { cookie: firm.cookies[c.as] },
      })
      if (reply.statusCode !== 200) throw new Error(`in process, GET ${url}: ${reply.statusCode}`)
      out.push(`### ${c.label} (${firm.spec.prefix} firm)`)
      for (const { query, params } of captured) {
        // The session lookup and its touch are the same for every call.
        if (/from "sessions"|update "sessions"/.test(query)) continue
        // Only reads have a plan worth showing (a transaction's begin and commit have none).
        if (!/^\s*(select|with)\b/i.test(query)) continue
        const plan = await explain(`explain (analyze, buffers) ${query}`, params)
        out.push(
          '```sql',
          query,
          `-- params: ${JSON.stringify(params)}`,
          '```',
          '```',
          ...plan,
          '```',
        )
      }
    }
  } finally {
    await app.close()
    await database.close()
  }
  return out.join('\n')
}

async function benchOn(target: DatabaseTarget): Promise<boolean> {
  const picks = await seed(target)
  const server = await startServer(target)
  let results: Result[]
  let pair: Firm[]
  try {
    const api = new Api(server.url)
    pair = []
    for (const spec of firms) {
      const firmPicks = picks.get(spec.prefix)!
      pair.push({
        spec,
        picks: firmPicks,
        cookies: {
          admin: await signIn(api, adminEmail(spec)),
          client: await signIn(api, clientUserEmail(spec, middleAudit(spec).client)),
        },
      })
    }
    results = await measureAll(server.url, pair)
  } finally {
    await server.stop()
  }
  const database = kind === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)'
  const t = totals(large)
  console.log(
    `\n## ${database}: large firm ${large.clients} clients, ${t.projects} projects, ${t.audits} audits, ` +
      `${t.requests} requests, ${large.files} files, ${large.events} events; small firm ${SMALL_FIRM.clients} clients\n` +
      `${settings.requests} sequential requests per call and firm after ${settings.warmup} of warm-up; ` +
      `budgets: ratio ≤ ${RATIO_BUDGET}×${kind === 'pg' ? `, p95 ≤ ${P95_BUDGET_MS} ms (search: ${SEARCH_P95_BUDGET_MS} ms)` : ''}\n`,
  )
  console.log(table(results))
  const toExplain = results.filter((r) => r.ratio > EXPLAIN_ABOVE).map((r) => r.call)
  if (toExplain.length > 0) {
    console.log(`\n## Plans of the calls above ${EXPLAIN_ABOVE}× (large firm)\n`)
    console.log(await explainCalls(target, pair[0]!, toExplain))
  }
  const missed = results.filter(misses)
  console.log(
    missed.length === 0
      ? `\nAll budgets met (${results.length} calls).`
      : `\nBudget MISSED by ${missed.length} of ${results.length} calls: ${missed.map((r) => r.call.label).join('; ')}`,
  )
  return missed.length === 0
}

async function main() {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('No build in dist/: run `npm run build` first (`npm run bench:scale` does).')
  }
  const ok =
    kind === 'pg'
      ? await withPostgresDatabase(settings.databaseUrl, (databaseUrl) =>
          withDataDir((dataDir) => benchOn({ kind: 'postgres', dataDir, databaseUrl })),
        )
      : await withDataDir((dataDir) => benchOn({ kind: 'pglite', dataDir }))
  process.exit(ok ? 0 : 1)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})

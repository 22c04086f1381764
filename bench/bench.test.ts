// The bench runs end to end on a small data set: every scenario reported with its figures, on
// PGlite and (with TEST_DATABASE_URL) on PostgreSQL. Its numbers are evidence, never judged here.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BASELINE_SCENARIO,
  JSON_BASELINE_SCENARIO,
  LIST_SCENARIO,
  TOKEN_LIST_SCENARIO,
  type Report,
} from './report'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const postgresUrl = process.env.TEST_DATABASE_URL
const LIST = 50
const SCALE = 60

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-bench-test-'))
  if (!existsSync(path.join(root, 'dist/server/main.js'))) {
    await run('npm', ['run', 'build'], { cwd: root, maxBuffer: 64 * 2 ** 20 })
  }
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm run bench', () => {
  it('prints one table and writes every scenario with numeric figures', async () => {
    const jsonFile = path.join(dir, 'bench.json')
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
      cwd: root,
      maxBuffer: 64 * 2 ** 20,
      env: {
        ...process.env,
        BENCH_DURATION: '1',
        BENCH_CONNECTIONS: '5',
        BENCH_WARMUP: '0',
        BENCH_LIST_CLIENTS: String(LIST),
        BENCH_SCALES: String(SCALE),
        BENCH_JSON: jsonFile,
        DATABASE_URL: postgresUrl ?? '',
      },
    })
    const report = JSON.parse(await readFile(jsonFile, 'utf8')) as Report
    const databases = postgresUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite']

    const expected = [
      [LIST_SCENARIO, LIST],
      [BASELINE_SCENARIO, LIST],
      [JSON_BASELINE_SCENARIO, LIST],
      [LIST_SCENARIO, SCALE],
      [BASELINE_SCENARIO, SCALE],
      [TOKEN_LIST_SCENARIO, LIST],
      ['GET /api/projects', LIST],
      ['POST /api/clients', null],
      ['POST /api/auth/login', null],
    ] as const
    expect(report.rows).toHaveLength(databases.length * expected.length)
    for (const database of databases) {
      for (const [scenario, rows] of expected) {
        const row = report.rows.find(
          (r) => r.database === database && r.scenario === scenario && r.rows === rows,
        )
        expect(row, `${database}: ${scenario} (${rows} rows)`).toBeDefined()
        for (const value of [row!.requestsPerSecond, row!.p50Ms, row!.p99Ms]) {
          expect(Number.isFinite(value) && value >= 0, `${database}: ${scenario}`).toBe(true)
        }
        // Every request answered 2xx: the scenarios really ran signed in, with valid bodies.
        expect(row!.errors, `${database}: ${scenario} errors`).toBe(0)
        // CPU time comes from /proc, which every machine running this suite has.
        expect(row!.cpuMsPerRequest, `${database}: ${scenario} CPU`).toBeGreaterThan(0)
        if (scenario === LIST_SCENARIO || scenario === TOKEN_LIST_SCENARIO) {
          expect(row!.vsBaseline).toEqual(expect.any(Number))
          expect(row!.cpuVsBaseline).toEqual(expect.any(Number))
        }
      }
      expect(report.budgets.find((b) => b.database === database)).toMatchObject({
        rows: LIST,
        minimum: database === 'PostgreSQL' ? 0.8 : 0.7,
        ratio: expect.any(Number),
        met: expect.any(Boolean),
      })
    }

    // The printed table: a header, a rule and a line per row, the JSON's rows in the same order.
    const table = stdout.split('\n').filter((line) => line.startsWith('|'))
    expect(table[0]).toMatch(
      /^\| database +\| scenario +\| rows +\| req\/s +\| p50 ms +\| p99 ms +\| errors +\| vs baseline +\| CPU ms\/req +\| CPU vs baseline +\|$/,
    )
    expect(table).toHaveLength(2 + report.rows.length)
    table.slice(2).forEach((line, i) => {
      const cells = line.split('|').map((cell) => cell.trim())
      expect(cells[1]).toBe(report.rows[i]!.database)
      expect(cells[2]).toBe(report.rows[i]!.scenario)
      expect(Number(cells[4]!.replaceAll(',', ''))).not.toBeNaN()
    })
    expect(stdout).toMatch(
      /Budget, PGlite: authenticated list of 50 clients at \d+% of the baseline/,
    )
  })
})

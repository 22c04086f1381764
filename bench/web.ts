// `npm run bench:web`: the web budgets. Starts the built server on a fresh embedded database and,
// for each public page, measures (1) its initial JS: every script response Chromium receives
// until the network is idle, each gzipped here at level 9 (so the figure does not depend on how
// the server compresses; the bytes actually transferred are shown beside it), and (2) Lighthouse's
// mobile preset (simulated throttling) in the system Chromium: the median of a few runs.
// It prints one table and always exits 0 when it could measure: it is a measuring tool.
// Settings (environment):
//   CHROME_PATH         Chromium or Chrome (/usr/bin/chromium)
//   BENCH_WEB_RUNS      Lighthouse runs per page, the median by performance score is kept (3)
//   BENCH_JSON          also write the results as JSON to this file
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import playwrightConfig from '../playwright.config'
import { root, startServer } from './processes'

const ROUTES = ['/', '/login']

const BUDGET = {
  initialJsKb: 120,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  cls: 0.05,
}

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

interface Script {
  url: string
  gzipBytes: number
  transferredBytes: number
}

interface PageLoad {
  scripts: Script[]
  gzipKb: number
  transferredKb: number
  externalRequests: string[]
  consoleErrors: string[]
}

interface LighthouseScores {
  performance: number
  accessibility: number
  bestPractices: number
  cls: number
  lcpMs: number
  tbtMs: number
  /** Audits of the three categories that did not pass, for reading the scores. */
  failedAudits: string[]
}

interface RouteResult {
  route: string
  load: PageLoad
  lighthouse: LighthouseScores
}

const log = (message: string) => console.error(`[bench:web] ${message}`)
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

function positive(name: string, fallback: number): number {
  const raw = process.env[name]
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name}=${JSON.stringify(raw)}: expected an integer ≥ 1`)
  }
  return value
}

/** Loads each page in a fresh context of one browser, with the browser tests' launch flags. */
async function measureLoads(baseUrl: string): Promise<Map<string, PageLoad>> {
  const args = playwrightConfig.use?.launchOptions?.args ?? []
  const browser = await chromium.launch({ executablePath: chromePath, args })
  const results = new Map<string, PageLoad>()
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const pending: Promise<Script | null>[] = []
      const externalRequests: string[] = []
      const consoleErrors: string[] = []
      const origin = new URL(baseUrl).origin
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.protocol.startsWith('http') && url.origin !== origin) {
          externalRequests.push(request.url())
        }
      })
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text())
      })
      page.on('pageerror', (error) => consoleErrors.push(error.message))
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return
        pending.push(
          (async () => {
            const body = await response.body()
            const sizes = await response.request().sizes()
            return {
              url: new URL(response.url()).pathname,
              gzipBytes: gzipSync(body, { level: 9 }).length,
              transferredBytes: sizes.responseBodySize,
            }
          })().catch(() => null),
        )
      })
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' })
      // On a busy machine the entry chunk can run for longer than networkidle's 500 ms quiet
      // window before it asks for the page's lazy chunks: wait for the rendered page, then idle.
      await page.locator('h1').first().waitFor({ timeout: 30_000 })
      await page.waitForLoadState('networkidle')
      const scripts = (await Promise.all(pending)).filter((script) => script !== null)
      scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)
      results.set(route, {
        scripts,
        gzipKb: kb(scripts.reduce((sum, script) => sum + script.gzipBytes, 0)),
        transferredKb: kb(scripts.reduce((sum, script) => sum + script.transferredBytes, 0)),
        externalRequests,
        consoleErrors,
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

async function runLighthouse(url: string, port: number): Promise<LighthouseScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
  const score = (id: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const failedAudits = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${id}: ${audit!.id} (${audit!.displayValue ?? audit!.score})`),
  )
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    failedAudits,
  }
}

// A Lighthouse run now and then fails to load the page in the shared browser (a runtime error,
// no scores): such a run is measured again rather than counted.
async function withRetry<T>(measure: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure()
    } catch (error) {
      if (attempt >= attempts) throw error
      log(`${error instanceof Error ? error.message : String(error)}; measuring again`)
    }
  }
}

async function measureLighthouse(
  baseUrl: string,
  runs: number,
): Promise<Map<string, LighthouseScores>> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const results = new Map<string, LighthouseScores>()
  try {
    for (const route of ROUTES) {
      const all: LighthouseScores[] = []
      for (let run = 1; run <= runs; run += 1) {
        log(`Lighthouse ${route} (run ${run} of ${runs})`)
        all.push(await withRetry(() => runLighthouse(`${baseUrl}${route}`, chrome.port)))
      }
      all.sort((a, b) => a.performance - b.performance)
      results.set(route, all[Math.floor((all.length - 1) / 2)]!)
    }
  } finally {
    chrome.kill()
  }
  return results
}

function cell(value: string, pass: boolean) {
  return `${value} ${pass ? 'pass' : 'FAIL'}`
}

function table(results: RouteResult[]): { text: string; failures: string[] } {
  const header = [
    'route',
    `initial JS KB gzip (≤ ${BUDGET.initialJsKb})`,
    `performance (≥ ${BUDGET.performance})`,
    `accessibility (${BUDGET.accessibility})`,
    `best practices (≥ ${BUDGET.bestPractices})`,
    `CLS (≤ ${BUDGET.cls})`,
  ]
  const failures: string[] = []
  const check = (route: string, what: string, value: string, pass: boolean) => {
    if (!pass) failures.push(`${route}: ${what} ${value}`)
    return cell(value, pass)
  }
  const lines = results.map(({ route, load, lighthouse: lh }) => [
    route,
    check(route, 'initial JS', `${load.gzipKb}`, load.gzipKb <= BUDGET.initialJsKb),
    check(route, 'performance', `${lh.performance}`, lh.performance >= BUDGET.performance),
    check(route, 'accessibility', `${lh.accessibility}`, lh.accessibility >= BUDGET.accessibility),
    check(route, 'best practices', `${lh.bestPractices}`, lh.bestPractices >= BUDGET.bestPractices),
    check(route, 'CLS', lh.cls.toFixed(3), lh.cls <= BUDGET.cls),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)))
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`
  return { text: [format(header), rule, ...lines.map(format)].join('\n'), failures }
}

function details(results: RouteResult[]): string {
  return results
    .map(({ route, load, lighthouse: lh }) =>
      [
        `${route}: ${load.scripts.length} scripts, ${load.gzipKb} KB gzip -9 (${load.transferredKb} KB transferred); ` +
          `LCP ${Math.round(lh.lcpMs)} ms, TBT ${Math.round(lh.tbtMs)} ms; ` +
          `external requests: ${load.externalRequests.length}; console errors: ${load.consoleErrors.length}`,
        ...load.scripts.map(
          (s) => `  ${s.url}  ${kb(s.gzipBytes)} KB gzip -9, ${kb(s.transferredBytes)} KB sent`,
        ),
        ...load.externalRequests.map((url) => `  external: ${url}`),
        ...load.consoleErrors.map((text) => `  console error: ${text}`),
        ...lh.failedAudits.map((audit) => `  not passed: ${audit}`),
      ].join('\n'),
    )
    .join('\n')
}

async function main() {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('No build in dist/: run `npm run build` first (`npm run bench:web` does).')
  }
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}: set CHROME_PATH.`)
  const runs = positive('BENCH_WEB_RUNS', 3)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-bench-web-'))
  try {
    const server = await startServer({ kind: 'pglite', dataDir })
    let results: RouteResult[]
    try {
      log(`server at ${server.url}; measuring ${ROUTES.join(', ')}`)
      const loads = await measureLoads(server.url)
      const scores = await measureLighthouse(server.url, runs)
      results = ROUTES.map((route) => ({
        route,
        load: loads.get(route)!,
        lighthouse: scores.get(route)!,
      }))
    } finally {
      await server.stop()
    }
    const { text, failures } = table(results)
    console.log(`\n${text}\n\n${details(results)}\n`)
    console.log(
      failures.length === 0
        ? 'Web budgets: all met.'
        : `Web budgets NOT met (${failures.length}): ${failures.join('; ')}`,
    )
    console.log(
      `${new Date().toISOString()}; Lighthouse mobile preset, median of ${runs} run(s); ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`,
    )
    if (process.env.BENCH_JSON) {
      await writeFile(
        process.env.BENCH_JSON,
        `${JSON.stringify({ budget: BUDGET, results }, null, 2)}\n`,
      )
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})

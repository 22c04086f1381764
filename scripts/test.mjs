// `npm test`: typecheck, lint, the server suite (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), then the browser tests against the production build. In CI every part must run.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const ci = process.env.CI === 'true' || process.env.CI === '1'
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium'

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`)
    process.exit(result.status ?? 1)
  }
}

function loud(message) {
  const bar = '!'.repeat(78)
  console.warn(`\n${bar}\n${message}\n${bar}\n`)
}

if (ci && !process.env.TEST_DATABASE_URL) {
  console.error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL pass must run in CI.')
  process.exit(1)
}
if (ci && !existsSync(chromium)) {
  console.error(`CI=true but no Chromium at ${chromium}: the browser tests must run in CI.`)
  process.exit(1)
}

run('Type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])
run('Lint', 'npx', ['eslint', '.', '--max-warnings=0'])
if (!process.env.TEST_DATABASE_URL) {
  loud(
    'TEST_DATABASE_URL is not set: the server suite runs on PGlite only.\nSet it (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run it on PostgreSQL too.',
  )
}
run('Server integration tests', 'npx', ['vitest', 'run'])
if (existsSync(chromium)) {
  run('Build (web + server)', 'npm', ['run', 'build'])
  run('Browser tests (Playwright, system Chromium)', 'npx', ['playwright', 'test'], {
    CHROME_PATH: chromium,
  })
} else {
  loud(
    `SKIPPED: browser tests. No Chromium at ${chromium}.\nInstall it with: apt-get update && apt-get install -y chromium`,
  )
}

import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
export const baseURL = `http://localhost:${port}`
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  // 20 s under CI: on a loaded CI machine (load average above 10 on its two cores) a first page
  // load of a spec once took more than 10 s (reminders.spec.ts, two runs of three), every time
  // fine alone and on a calm machine (slowest answer 1.3 s in a whole run).
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/support/serve.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
      // The single sign-on test runs its OpenID provider on http://127.0.0.1.
      SSO_ALLOW_HTTP_ISSUER: 'true',
      // The webhooks test receives its deliveries on http://127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Small, so that a browser test can cross it quickly.
      UPLOAD_MAX_FILE_MB: '2',
      // Longer than any pause of a test between two calls of its request context: with the
      // default 5 s, a call that reused a connection the server was closing at that instant failed
      // with ECONNRESET (staff-role.spec.ts, once in two CI runs).
      KEEP_ALIVE_TIMEOUT_SECONDS: '120',
    },
  },
})

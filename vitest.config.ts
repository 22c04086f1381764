import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

process.env.TEST_RUN_ID ??= `${process.pid}_${Date.now()}`
const withPostgres = Boolean(process.env.TEST_DATABASE_URL)

const serverProject = (name: string, db: 'pglite' | 'postgres', globalSetup: string) => ({
  extends: true as const,
  test: {
    name,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app and database: the modules (the whole server) are loaded once
    // per worker rather than once per file, a third of the suite's time. What a file changes in
    // the process (its environment: server/test/process-env.ts) it puts back when it closes.
    isolate: false,
  },
})

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@': fileURLToPath(new URL('./web', import.meta.url)),
    },
  },
  test: {
    pool: 'forks',
    // Three on two cores: a server test spends a third of its time waiting (timers, sockets, the
    // database's own processes), and a third worker fills it. PostgreSQL pass 302 → 236 s.
    maxWorkers: 3,
    projects: [
      serverProject('server-pglite', 'pglite', 'server/test/global-setup.ts'),
      ...(withPostgres
        ? [serverProject('server-postgres', 'postgres', 'server/test/global-setup-postgres.ts')]
        : []),
      {
        extends: true,
        test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node' },
      },
      // Pure web logic (no DOM): parsers and formatters.
      {
        extends: true,
        test: { name: 'web', include: ['web/**/*.test.ts'], environment: 'node' },
      },
      // Components in a DOM (happy-dom), the API answered by MSW with replies the shared schemas accept.
      {
        extends: true,
        test: {
          name: 'web-components',
          include: ['web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      // `npm run bench` end to end on a small data set (it builds dist/ first if missing).
      {
        extends: true,
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})

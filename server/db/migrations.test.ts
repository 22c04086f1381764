import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createEmptyPostgresDatabase, testDbKind } from '../test/databases'
import { openPostgres, selectRows } from './client'

describe.runIf(testDbKind() === 'postgres')('migrations on a PostgreSQL server', () => {
  it('two instances starting at once against one empty database both come up', async () => {
    const empty = await createEmptyPostgresDatabase()
    const first = openPostgres(empty.url, 2)
    const second = openPostgres(empty.url, 2)
    try {
      await Promise.all([first.migrate(), second.migrate()])
      const [applied] = await selectRows<{ count: number }>(
        first.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )
      const tables = await selectRows<{ name: string }>(
        second.db,

        sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )
      expect(applied?.count).toBeGreaterThan(0)
      expect(tables.map((r) => r.name)).toEqual(
        expect.arrayContaining(['organizations', 'users', 'sessions', 'one_time_tokens']),
      )
    } finally {
      await first.close()
      await second.close()
      await empty.drop()
    }
  })
})

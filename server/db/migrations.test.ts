import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createEmptyPostgresDatabase, testDbKind } from '../test/databases'
import { openPostgres } from './client'

describe.runIf(testDbKind() === 'postgres')('migrations on a PostgreSQL server', () => {
  it('two instances starting at once against one empty database both come up', async () => {
    const empty = await createEmptyPostgresDatabase()
    const first = openPostgres(empty.url, 2)
    const second = openPostgres(empty.url, 2)
    try {
      await Promise.all([first.migrate(), second.migrate()])
      const result = await first.db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)
      const tables = await second.db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )
      expect(result.rows[0]?.count).toBeGreaterThan(0)
      expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['organizations', 'users', 'sessions', 'one_time_tokens']))
    } finally {
      await first.close()
      await second.close()
      await empty.drop()
    }
  })
})

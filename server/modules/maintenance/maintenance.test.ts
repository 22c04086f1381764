import { randomBytes } from 'node:crypto'
import { readdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../db/client'
import { oneTimeTokens, organizations, sessions } from '../../db/schema'
import { createTestApp, register, signedInAdmin, type TestApp } from '../../test/harness'
import { abandonedAfterMs } from '../files/files.service'
import { purgeExpired, runMaintenance, vacuumEmbedded } from './maintenance'
import { accountsByEmail } from '../../test/accounts'

const DAY = 24 * 60 * 60 * 1000

let t: TestApp
beforeAll(async () => {
  // Files on disk, whose times the test sets (the same clean-up on S3: files-s3.test.ts).
  t = await createTestApp({ storage: 'local' })
})
afterAll(async () => {
  await t?.close()
})

const count = async (table: string, where = sql`true`) =>
  (
    await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
    )
  )[0]!.n

describe('purging what can never be used again', () => {
  it('expired sessions, spent tokens, ended counters and week-old unverified registrations go; the rest stays', async () => {
    const stale = await signedInAdmin(t)
    const staleRegistration = await register(t)
    await t.request('POST', '/api/auth/login', {
      body: { email: stale.account.email, password: 'a wrong password' },
    })
    t.clock.advance(8 * DAY)
    const fresh = await signedInAdmin(t)
    const pending = await register(t)
    await t.request('POST', '/api/auth/forgot-password', { body: { email: fresh.account.email } })

    const purged = await purgeExpired(t.app)
    expect(purged.registrations).toBe(1)
    expect(purged.sessions).toBeGreaterThanOrEqual(1)
    expect(purged.tokens).toBeGreaterThanOrEqual(2)
    expect(purged.counters).toBeGreaterThanOrEqual(1)

    // Sessions: the one idle for 8 days is gone, today's works.
    const staleUser = (await accountsByEmail(t.app.db, stale.account.email))[0]!
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, staleUser.id))).toEqual(
      [],
    )
    expect((await t.request('GET', '/api/auth/me', { cookie: fresh.cookie })).statusCode).toBe(200)
    // Tokens: used verification links and the expired one are gone; today's reset link stays.
    expect(await count('one_time_tokens', sql`used_at is not null or expires_at <= now()`)).toBe(0)
    const freshUser = (await accountsByEmail(t.app.db, fresh.account.email))[0]!
    expect(
      await t.app.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, freshUser.id)),
    ).toHaveLength(1)
    // Registrations: the week-old unverified one is gone with its company; today's stays, and so
    // does the old verified company.
    for (const [email, kept] of [
      [staleRegistration.account.email, false],
      [pending.account.email, true],
      [stale.account.email, true],
    ] as const) {
      const rows = await accountsByEmail(t.app.db, email)
      expect(rows.length, email).toBe(kept ? 1 : 0)
    }
    expect(await count('organizations', sql`name = ${staleRegistration.account.companyName}`)).toBe(
      0,
    )
    expect(
      await t.app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, stale.user.company.id)),
    ).toHaveLength(1)
    // The address is free again.
    const again = await register(t, { email: staleRegistration.account.email })
    expect(again.response.statusCode).toBe(201)
    expect(await count('people', sql`email = ${staleRegistration.account.email}`)).toBe(1)
  })

  it('the embedded database is vacuumed and analyzed (PostgreSQL’s autovacuum does its own)', async () => {
    const users = async () =>
      (
        await selectRows<{ analyzed: number; pages: number; allVisible: number }>(
          t.app.db,
          sql`select (select count(*)::int from pg_stats where schemaname = 'public' and tablename = 'users') as analyzed,
                relpages as pages, relallvisible as "allVisible"
              from pg_class where oid = 'public.users'::regclass`,
        )
      )[0]!
    // Rows an UPDATE leaves behind, for VACUUM to reclaim.
    await t.app.db.execute(sql`update users set updated_at = updated_at`)
    const before = await users()
    const ran = await vacuumEmbedded(t.app)
    expect(ran).toBe(t.app.database.kind === 'pglite')
    if (!ran) return
    const after = await users()
    expect(after.analyzed).toBeGreaterThan(0)
    // Only VACUUM marks pages all-visible; no page of a table just updated is.
    expect(before.allVisible).toBe(0)
    expect(after.pages).toBeGreaterThan(0)
    expect(after.allVisible).toBe(after.pages)
  })
})

describe('files a crash left behind', () => {
  it('a maintenance run removes an unrecorded file or unfinished upload older than the margin; younger ones stay', async () => {
    // The margin outlasts the longest upload: an upload's first file waits for the others.
    expect(abandonedAfterMs(t.app)).toBeGreaterThan(t.app.config.timeouts.uploadMs)
    const dir = path.join(t.config.dataDir, 'files')
    const key = () => randomBytes(24).toString('hex')
    const ago = (ms: number) => new Date(t.clock().getTime() - ms)
    const files = {
      oldOrphan: [key(), ago(abandonedAfterMs(t.app) + 60_000)],
      oldPart: [`${key()}.part`, ago(abandonedAfterMs(t.app) + 60_000)],
      // Still within the margin: it may be the first file of an upload in flight.
      youngOrphan: [key(), ago(abandonedAfterMs(t.app) - 60_000)],
      freshPart: [`${key()}.part`, ago(0)],
    } as const
    for (const [name, time] of Object.values(files)) {
      await writeFile(path.join(dir, name), 'x')
      await utimes(path.join(dir, name), time, time)
    }

    await runMaintenance(t.app)
    const left = await readdir(dir)
    expect(left).not.toContain(files.oldOrphan[0])
    expect(left).not.toContain(files.oldPart[0])
    expect(left).toContain(files.youngOrphan[0])
    expect(left).toContain(files.freshPart[0])
    const removed = t.logs
      .map((line) => JSON.parse(line) as { event?: string; removed?: number })
      .filter((line) => line.event === 'files.abandoned_removed')
    expect(removed.at(-1)?.removed).toBe(2)
  })
})

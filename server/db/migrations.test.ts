import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { generateKeyBetween } from 'fractional-indexing'
import { describe, expect, it } from 'vitest'
import { migrationsDir } from '../lib/paths'
import { rankKeySql } from '../modules/requests/order-keys'
import { createEmptyPostgresDatabase, testDbKind } from '../test/databases'
import { openPostgres, selectRows, wrapPglite, type Database } from './client'

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

/** A copy of the migrations folder that stops after `lastTag` (drizzle reads the journal). */
async function migrationsUpTo(lastTag: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-migrations-'))
  const journal = JSON.parse(
    await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string }> }
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  expect(last).toBeGreaterThanOrEqual(0)
  const entries = journal.entries.slice(0, last + 1)
  await mkdir(path.join(folder, 'meta'))
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  )
  for (const { tag } of entries)
    await copyFile(path.join(migrationsDir, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  return folder
}

/** A new, empty database of the kind under test, and how to be rid of it. */
async function emptyDatabase(): Promise<{ database: Database; done: () => Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const database = wrapPglite(await PGlite.create())
    return { database, done: () => database.close() }
  }
  const empty = await createEmptyPostgresDatabase()
  const database = openPostgres(empty.url, 2)
  return {
    database,
    done: async () => {
      await database.close()
      await empty.drop()
    },
  }
}

describe('migration 0014: stored numbers, order keys', () => {
  // A new embedded database runs initdb first: seconds, many more on a busy machine.
  it('keeps each audit’s numbers exactly as they were computed, and its order, in the library’s keys', async () => {
    const { database, done } = await emptyDatabase()
    const folder = await migrationsUpTo('0013_notifications')
    try {
      const { db } = database
      const migrator = database.kind === 'pglite' ? migratePglite : migratePg
      await migrator(db as never, { migrationsFolder: folder })
      // Integer positions as the old code wrote them: ties (creation, then id decides), gaps.
      await db.execute(sql`insert into organizations (id, name, size, industry, phone)
        values ('10000000-0000-4000-8000-000000000001', 'Firm', '1-10 employees', 'Other', '1')`)
      await db.execute(sql`insert into clients (id, organization_id, name)
        values ('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'Client')`)
      await db.execute(sql`insert into projects (id, organization_id, client_id, name)
        values ('30000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
          '20000000-0000-4000-8000-000000000001', 'Project')`)
      await db.execute(sql`insert into audits (id, organization_id, project_id, name)
        select ('40000000-0000-4000-8000-00000000000' || g)::uuid, '10000000-0000-4000-8000-000000000001',
          '30000000-0000-4000-8000-000000000001', 'Audit ' || g
        from generate_series(1, 3) g`)
      await db.execute(sql`insert into audit_requests (organization_id, audit_id, position, title, created_at, updated_at)
        select '10000000-0000-4000-8000-000000000001', '40000000-0000-4000-8000-000000000001', p, 'Small ' || i,
          '2026-01-01T00:00:00Z'::timestamptz + (i % 2) * interval '1 second', now()
        from unnest(array[3, 1, 1, 0, 7, 7, 7, 40]) with ordinality as t(p, i)`)
      await db.execute(sql`insert into audit_requests (organization_id, audit_id, position, title, created_at, updated_at)
        select '10000000-0000-4000-8000-000000000001', '40000000-0000-4000-8000-000000000002', (g * 7919) % 97, 'Large ' || g,
          '2026-01-01T00:00:00Z'::timestamptz + (g % 3) * interval '1 second', now()
        from generate_series(1, 300) g`)
      const before = await selectRows<{ id: string; number: number }>(
        db,
        sql`select id, (row_number() over (partition by audit_id order by position, created_at, id))::int as number from audit_requests`,
      )

      await database.migrate()

      const after = await selectRows<{
        id: string
        auditId: string
        number: number
        position: string
      }>(
        db,
        sql`select id, audit_id as "auditId", number, position from audit_requests order by audit_id, position`,
      )
      expect(new Map(after.map((row) => [row.id, row.number]))).toEqual(
        new Map(before.map((row) => [row.id, row.number])),
      )
      for (const auditId of new Set(after.map((row) => row.auditId))) {
        const rows = after.filter((row) => row.auditId === auditId)
        // In key order, the numbers run 1, 2, 3…: the same order as before.
        expect(rows.map((row) => row.number)).toEqual(rows.map((_, i) => i + 1))
        // The library's own integer keys, one after the other from c000.
        let expected = 'c000'
        for (const row of rows) {
          expect(row.position).toBe(expected)
          expected = generateKeyBetween(expected, null)
        }
      }
      const counters = await selectRows<{ name: string; last: number }>(
        db,
        sql`select name, last_request_number as last from audits order by name`,
      )
      expect(counters).toEqual([
        { name: 'Audit 1', last: 8 },
        { name: 'Audit 2', last: 300 },
        { name: 'Audit 3', last: 0 },
      ])

      // Every key the migration can write is the library's key for its rank: both ends of the
      // range, and every carry of a digit in them.
      const rows = await selectRows<{ rank: number; key: string }>(
        db,
        sql`select g as rank, ${sql.raw(rankKeySql('g'))} as key from generate_series(0, 238327) g
          where g < 8000 or g > 230000 order by g`,
      )
      const keys = new Map(rows.map((row) => [row.rank, row.key]))
      let expected = 'c000'
      for (let rank = 0; rank <= 238_327; rank++) {
        const key = keys.get(rank)
        if (key !== undefined && key !== expected)
          expect({ rank, key }).toEqual({ rank, key: expected })
        expected = generateKeyBetween(expected, null)
      }
      expect(keys.get(238_327)).toBe('czzz')
      // Byte order in the database is the library's order.
      const [sorted] = await selectRows<{ same: boolean }>(
        db,
        sql`select bool_and(a < b) as same from (
          select ${sql.raw(rankKeySql('g'))} collate "C" as a, ${sql.raw(rankKeySql('g + 1'))} collate "C" as b
          from generate_series(0, 238326) g where g < 8000 or g > 230000) pairs`,
      )
      expect(sorted!.same).toBe(true)
    } finally {
      await rm(folder, { recursive: true, force: true })
      await done()
    }
  }, 120_000)
})

describe('migration 0040: people and memberships', () => {
  it('makes every account one person with its id, e-mail, password and names, and one membership', async () => {
    const { database, done } = await emptyDatabase()
    const folder = await migrationsUpTo('0039_single_sign_on')
    try {
      const { db } = database
      const migrator = database.kind === 'pglite' ? migratePglite : migratePg
      await migrator(db as never, { migrationsFolder: folder })
      const firm = '10000000-0000-4000-8000-000000000001'
      const ada = '50000000-0000-4000-8000-000000000001'
      const cy = '50000000-0000-4000-8000-000000000002'
      await db.execute(sql`insert into organizations (id, name, size, industry, phone)
        values (${firm}, 'Firm', '1-10 employees', 'Other', '1')`)
      await db.execute(sql`insert into clients (id, organization_id, name)
        values ('20000000-0000-4000-8000-000000000001', ${firm}, 'Client')`)
      await db.execute(sql`insert into users (id, organization_id, email, password_hash, first_name, last_name, role, client_id, email_verified_at, last_login_at, created_at)
        values (${ada}, ${firm}, 'ada@example.com', '$argon2id$ada', 'Ada', 'Admin', 'admin', null,
                  '2026-01-02T00:00:00Z', '2026-03-01T00:00:00Z', '2026-01-01T00:00:00Z'),
               (${cy}, ${firm}, 'cy@example.com', '$argon2id$cy', 'Cy', 'Client', 'client',
                  '20000000-0000-4000-8000-000000000001', null, null, '2026-02-01T00:00:00Z')`)
      await db.execute(sql`insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
        values ('hash-of-ada', ${ada}, now() + interval '1 day', now() + interval '1 day')`)

      await database.migrate()

      const people = await selectRows<Record<string, unknown>>(
        db,
        sql`select id, email, password_hash as "passwordHash", first_name as "firstName", last_name as "lastName",
              email_verified_at is not null as verified, created_at::text as "createdAt" from people order by email`,
      )
      expect(people).toEqual([
        {
          id: ada,
          email: 'ada@example.com',
          passwordHash: '$argon2id$ada',
          firstName: 'Ada',
          lastName: 'Admin',
          verified: true,
          createdAt: expect.stringMatching(/^2026-01-01/),
        },
        {
          id: cy,
          email: 'cy@example.com',
          passwordHash: '$argon2id$cy',
          firstName: 'Cy',
          lastName: 'Client',
          verified: false,
          createdAt: expect.stringMatching(/^2026-02-01/),
        },
      ])
      const memberships = await selectRows<Record<string, unknown>>(
        db,
        sql`select id, person_id as "personId", organization_id as "organizationId", role,
              client_id as "clientId", last_login_at is not null as "signedIn" from users order by role`,
      )
      expect(memberships).toEqual([
        {
          id: ada,
          personId: ada,
          organizationId: firm,
          role: 'admin',
          clientId: null,
          signedIn: true,
        },
        {
          id: cy,
          personId: cy,
          organizationId: firm,
          role: 'client',
          clientId: '20000000-0000-4000-8000-000000000001',
          signedIn: false,
        },
      ])
      // What referenced the account still does: its session names the membership.
      const [session] = await selectRows<{ userId: string }>(
        db,
        sql`select user_id as "userId" from sessions`,
      )
      expect(session?.userId).toBe(ada)
      // One address, one person; one person, one membership per company.
      await expect(
        db.execute(sql`insert into people (email, password_hash, first_name, last_name)
          values ('ada@example.com', 'x', 'A', 'B')`),
      ).rejects.toThrow()
      await expect(
        db.execute(
          sql`insert into users (person_id, organization_id, role) values (${ada}, ${firm}, 'staff')`,
        ),
      ).rejects.toThrow()
    } finally {
      await done()
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('migration 0042: second factors are the person’s', () => {
  it('moves each app, recovery code and passkey to the person of the membership it was on', async () => {
    const { database, done } = await emptyDatabase()
    const folder = await migrationsUpTo('0041_people_columns')
    try {
      const { db } = database
      const migrator = database.kind === 'pglite' ? migratePglite : migratePg
      await migrator(db as never, { migrationsFolder: folder })
      const firm = '10000000-0000-4000-8000-000000000001'
      // A person made after the split: their membership has an id of its own.
      const person = '60000000-0000-4000-8000-000000000001'
      const membership = '70000000-0000-4000-8000-000000000001'
      await db.execute(sql`insert into organizations (id, name, size, industry, phone)
        values (${firm}, 'Firm', '1-10 employees', 'Other', '1')`)
      await db.execute(sql`insert into people (id, email, password_hash, first_name, last_name)
        values (${person}, 'pat@example.com', 'x', 'Pat', 'Person')`)
      await db.execute(sql`insert into users (id, person_id, organization_id, role)
        values (${membership}, ${person}, ${firm}, 'staff')`)
      await db.execute(sql`insert into totp_factors (user_id, secret_sealed, confirmed_at)
        values (${membership}, 'sealed', now())`)
      await db.execute(sql`insert into recovery_codes (user_id, code_hash)
        values (${membership}, 'code-1'), (${membership}, 'code-2')`)
      await db.execute(sql`insert into passkeys (user_id, credential_id, public_key, name)
        values (${membership}, 'credential', 'key', 'Laptop')`)

      await database.migrate()

      const owners = await selectRows<{ kind: string; personId: string }>(
        db,
        sql`select 'totp' as kind, person_id as "personId" from totp_factors
            union all select 'recovery', person_id from recovery_codes
            union all select 'passkey', person_id from passkeys order by 1`,
      )
      expect(owners).toEqual([
        { kind: 'passkey', personId: person },
        { kind: 'recovery', personId: person },
        { kind: 'recovery', personId: person },
        { kind: 'totp', personId: person },
      ])
      // The person gone, their factors go with them.
      await db.execute(sql`delete from people where id = ${person}`)
      const [left] = await selectRows<{ n: number }>(
        db,
        sql`select (select count(*) from totp_factors) + (select count(*) from recovery_codes)
              + (select count(*) from passkeys) as n`,
      )
      expect(Number(left?.n)).toBe(0)
    } finally {
      await done()
      await rm(folder, { recursive: true, force: true })
    }
  })
})

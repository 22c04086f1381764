import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { wrapPglite, openPostgres, type Database } from '../db/client'
import { projectRoot } from '../lib/paths'

/**
 * Test databases: migrate once into a template (a PGlite data-directory dump, or a PostgreSQL
 * template database), then give every test file its own cheap copy.
 */
export type TestDbKind = 'pglite' | 'postgres'

const tmpDir = path.join(projectRoot, '.tmp')
const pgliteTemplate = path.join(tmpDir, 'pglite-template.tar.gz')

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test pass')
  return url
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl() })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export const postgresTemplateName = () =>
  `auditdesk_test_tmpl_${process.env.TEST_RUN_ID ?? 'local'}`

/** globalSetup: build the migrated template once per run. */
export async function prepareTemplate(kind: TestDbKind) {
  if (kind === 'pglite') {
    await mkdir(tmpDir, { recursive: true })
    const client = await PGlite.create()
    const database = wrapPglite(client)
    await database.migrate()
    const dump = await client.dumpDataDir('gzip')
    await writeFile(pgliteTemplate, Buffer.from(await dump.arrayBuffer()))
    await database.close()
    return async () => {}
  }
  const name = postgresTemplateName()
  await adminQuery(`drop database if exists ${name}`)
  await adminQuery(`create database ${name}`)
  const database = openPostgres(withDatabase(adminUrl(), name), 2)
  await database.migrate()
  await database.close()
  return async () => {
    await adminQuery(`drop database if exists ${name} with (force)`)
  }
}

let counter = 0

/** A fresh, migrated database for one test file (or one test). */
export async function createTestDatabase(
  kind: TestDbKind = testDbKind(),
  options: { statementTimeoutMs?: number } = {},
): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const dump = await readFile(pgliteTemplate)
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) })
    return wrapPglite(client)
  }
  const name = `auditdesk_test_${process.pid}_${Date.now()}_${counter++}`
  await adminQuery(`create database ${name} template ${postgresTemplateName()}`)
  const url = withDatabase(adminUrl(), name)
  const database = openPostgres(url, 5, options)
  return {
    ...database,
    url,
    async close() {
      await database.close()
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

export async function createEmptyPostgresDatabase(): Promise<{
  url: string
  drop(): Promise<void>
}> {
  const name = `auditdesk_test_empty_${process.pid}_${Date.now()}_${counter++}`
  await adminQuery(`create database ${name}`)
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  }
}

// The bench's baseline: a bare Fastify route running the clients list's single SQL query on the
// same database, with no session, no validation and no response schema: the plain query, field by
// field, and (`/clients-json`) the query our list runs, one JSON text per row (decision 052).
// Started by bench/run.ts once our server has stopped (PGlite allows one process per data
// directory).
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import pg from 'pg'

/** The list's rows, field by field (what listClients ran before decision 052). */
const CLIENT_LIST_SQL =
  'select "id", "name", "email", "phone", "address", "created_at", "updated_at" from "clients" ' +
  'where "clients"."organization_id" = $1 order by lower("clients"."name") asc, "clients"."id" asc'

/**
 * What listClients runs for its first page (server/modules/clients/clients.repo.ts): a page of
 * 100 rows and one more.
 */
const CLIENT_JSON_LIST_SQL =
  'select json_build_array("clients"."id", "clients"."name", "clients"."email", "clients"."phone", ' +
  '"clients"."address", "clients"."created_at", "clients"."updated_at", lower("clients"."name"), ' +
  '"clients"."id"::text)::text as "row" from "clients" where "clients"."organization_id" = $1 ' +
  'order by lower("clients"."name") asc, "clients"."id" asc limit 101'

type Query = (text: string, params: unknown[]) => Promise<unknown[]>

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (url) {
    // The same pool size as the server's (DATABASE_POOL_SIZE, default 10).
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    })
    return {
      query: async (text, params) => (await pool.query(text, params)).rows as unknown[],
      close: () => pool.end(),
    }
  }
  const dataDir = process.env.DATA_DIR
  if (!dataDir) throw new Error('baseline: set DATABASE_URL or DATA_DIR')
  const db = await PGlite.create({ dataDir: path.join(path.resolve(dataDir), 'pgdata') })
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    close: () => db.close(),
  }
}

async function main() {
  const { query, close } = await openQuery()
  const app = Fastify({ logger: false })
  // A database ping: it queues behind the queries in flight (the bench waits on it between runs).
  app.get('/health', async () => {
    await query('select 1', [])
    return { status: 'ok' }
  })
  app.get<{ Params: { org: string } }>('/clients/:org', async (request, reply) =>
    reply.send(await query(CLIENT_LIST_SQL, [request.params.org])),
  )
  app.get<{ Params: { org: string } }>('/clients-json/:org', async (request, reply) => {
    const rows = (await query(CLIENT_JSON_LIST_SQL, [request.params.org])) as { row: string }[]
    return reply.send(
      rows.slice(0, 100).map(({ row }) => {
        const [id, name, email, phone, address, createdAt, updatedAt] = JSON.parse(row) as unknown[]
        return { id, name, email, phone, address, createdAt, updatedAt }
      }),
    )
  })
  app.addHook('onClose', close)
  const stop = () => void app.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' })
}

main().catch((error: unknown) => {
  console.error('baseline failed to start:', error)
  process.exit(1)
})

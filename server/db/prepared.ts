import type { Db } from './client'

/**
 * A query built once per database handle and then reused. Drizzle otherwise rebuilds the SQL
 * text on every call, which the benchmark showed to be a large share of a short request's CPU
 * (docs/decisions/004-hot-path-queries.md). Use it for queries every request runs.
 */
export function prepared<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const byDatabase = new WeakMap<Db, Query>()
  return (db) => {
    let query = byDatabase.get(db)
    if (query === undefined) {
      query = build(db)
      byDatabase.set(db, query)
    }
    return query
  }
}

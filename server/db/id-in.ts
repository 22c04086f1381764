import { sql, type Column } from 'drizzle-orm'

/**
 * `column = any($1::uuid[])`: one parameter however many ids (none: no row). Drizzle's `inArray`
 * sends a parameter per id, which the database parses and plans each time: an UPDATE of 400
 * requests by id took 25 ms that way on the embedded database, and 18 ms this way.
 */
export const idIn = (column: Column, ids: readonly string[]) =>
  sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`

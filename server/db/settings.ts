import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from './client'
import { appSettings } from './schema'

/**
 * A random value generated once per database and kept in `app_settings`, so that every instance
 * reads the same one; concurrent first calls agree on whichever insert won.
 */
export async function generatedSetting(db: Db, key: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
  if (!row) throw new Error(`setting ${key} missing`)
  return row.value
}

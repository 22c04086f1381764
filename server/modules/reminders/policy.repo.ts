import { eq, sql } from 'drizzle-orm'
import type { ReminderPolicy } from '@shared/schemas/reminders'
import type { z } from 'zod'
import type { reminderPolicyInput } from '@shared/schemas/reminders'
import type { Db } from '../../db/client'
import { organizations, reminderPolicies } from '../../db/schema'
import { notFound } from '../../lib/errors'

/**
 * The company's policy row with the defaults (the columns', db/schema/reminders.ts, written down
 * once), for a company written without one.
 */
async function ensurePolicy(db: Db, orgId: string) {
  await db.execute(sql`
    insert into ${reminderPolicies} (organization_id)
    select ${organizations.id} from ${organizations} where ${organizations.id} = ${orgId}
    on conflict do nothing`)
}

export async function getPolicy(db: Db, orgId: string): Promise<ReminderPolicy> {
  const row = await readPolicy(db, orgId)
  if (row) return row
  // Companies get theirs when they register (and older ones from migration 0013): a company
  // written by other means gets it on first read.
  await ensurePolicy(db, orgId)
  const created = await readPolicy(db, orgId)
  if (!created) throw notFound('Company')
  return created
}

async function readPolicy(db: Db, orgId: string): Promise<ReminderPolicy | undefined> {
  const [row] = await db
    .select({
      enabled: reminderPolicies.enabled,
      daysBefore: reminderPolicies.daysBefore,
      onDueDate: reminderPolicies.onDueDate,
      daysAfter: reminderPolicies.daysAfter,
      sendHour: reminderPolicies.sendHour,
      escalateAfterDays: reminderPolicies.escalateAfterDays,
      timeZone: organizations.timeZone,
    })
    .from(reminderPolicies)
    .innerJoin(organizations, eq(organizations.id, reminderPolicies.organizationId))
    .where(eq(reminderPolicies.organizationId, orgId))
  return row
}

export async function putPolicy(
  db: Db,
  orgId: string,
  policy: z.output<typeof reminderPolicyInput>,
  now: Date,
) {
  await db
    .insert(reminderPolicies)
    .values({ organizationId: orgId, ...policy, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: reminderPolicies.organizationId,
      set: { ...policy, updatedAt: now },
    })
  return getPolicy(db, orgId)
}

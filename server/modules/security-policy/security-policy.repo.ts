import { eq } from 'drizzle-orm'
import type { SecurityPolicyInput } from '@shared/schemas/security-policy'
import type { Db } from '../../db/client'
import { organizations, users } from '../../db/schema'
import { hasConfirmedFactor } from '../mfa/confirmed-factor'
import { notFound } from '../../lib/errors'

const policyColumns = {
  requireMfa: organizations.requireMfa,
  sessionIdleMinutes: organizations.sessionIdleMinutes,
  sessionMaxHours: organizations.sessionMaxHours,
}

export async function findSecurityPolicy(db: Db, orgId: string) {
  const [row] = await db
    .select(policyColumns)
    .from(organizations)
    .where(eq(organizations.id, orgId))
  if (!row) throw notFound('Company')
  return row
}

export async function saveSecurityPolicy(
  db: Db,
  orgId: string,
  policy: SecurityPolicyInput,
  now: Date,
) {
  const [row] = await db
    .update(organizations)
    .set({ ...policy, updatedAt: now })
    .where(eq(organizations.id, orgId))
    .returning(policyColumns)
  if (!row) throw notFound('Company')
  return row
}

export async function hasSecondFactor(db: Db, userId: string) {
  const [row] = await db
    .select({ has: hasConfirmedFactor(users.personId) })
    .from(users)
    .where(eq(users.id, userId))
  return row?.has === true
}

export async function companyUserIds(db: Db, orgId: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.organizationId, orgId))
  return rows.map((row) => row.id)
}

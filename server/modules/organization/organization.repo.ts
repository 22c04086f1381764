import { eq } from 'drizzle-orm'
import type { UpdateOrganizationInput } from '@shared/schemas/organization'
import type { Db } from '../../db/client'
import { organizations } from '../../db/schema'
import { withIsoDates } from '../../lib/dto'
import { notFound } from '../../lib/errors'
import { recordActivity, type Actor } from '../activity/activity.repo'

const columns = {
  id: organizations.id,
  name: organizations.name,
  industry: organizations.industry,
  size: organizations.size,
  phone: organizations.phone,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
}

type OrganizationRow = Awaited<ReturnType<typeof selectOrganization>>

async function selectOrganization(db: Db, orgId: string) {
  const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, orgId))
  if (!row) throw notFound('Company')
  return row
}

/** The registration lists are enforced on input; the database keeps plain text. */
const toDto = (row: OrganizationRow) =>
  withIsoDates({
    ...row,
    industry: row.industry as NonNullable<UpdateOrganizationInput['industry']>,
    size: row.size as NonNullable<UpdateOrganizationInput['size']>,
  })

export async function getOrganization(db: Db, orgId: string) {
  return toDto(await selectOrganization(db, orgId))
}

export async function updateOrganization(
  db: Db,
  orgId: string,
  actor: Actor,
  values: UpdateOrganizationInput,
  now: Date,
) {
  if (Object.keys(values).length === 0) return getOrganization(db, orgId)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(organizations)
      .set({ ...values, updatedAt: now })
      .where(eq(organizations.id, orgId))
      .returning(columns)
    if (!row) throw notFound('Company')
    await recordActivity(tx, orgId, actor, 'organization.updated', row.name, now)
    return toDto(row)
  })
}

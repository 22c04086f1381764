import { and, eq, exists, inArray, isNull, lt, sql } from 'drizzle-orm'
import { DEFAULT_DATE_FORMAT } from '@shared/constants'
import type { RegisterInput } from '@shared/schemas/auth'
import type { UpdateOrganizationInput } from '@shared/schemas/organization'
import type { Db } from '../../db/client'
import { organizations, people, reminderPolicies, users, withPerson } from '../../db/schema'
import { withIsoDates } from '../../lib/dto'
import { notFound } from '../../lib/errors'

const columns = {
  id: organizations.id,
  name: organizations.name,
  industry: organizations.industry,
  size: organizations.size,
  phone: organizations.phone,
  timeZone: organizations.timeZone,
  dateFormat: organizations.dateFormat,
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

export async function findOrganizationName(db: Db, orgId: string) {
  return (await findOrganizationDisplay(db, orgId)).name
}

/** How the company shows to its people and in its mails: its name, and how its dates read. */
export async function findOrganizationDisplay(db: Db, orgId: string) {
  const [row] = await db
    .select({
      name: organizations.name,
      timeZone: organizations.timeZone,
      dateFormat: organizations.dateFormat,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
  return row ?? { name: '', timeZone: 'UTC', dateFormat: DEFAULT_DATE_FORMAT }
}

/** A new company's reminders go out from this hour of its day (older ones keep theirs). */
const NEW_COMPANY_SEND_HOUR = 9

export async function insertOrganization(
  db: Db,
  values: Pick<
    RegisterInput,
    'companyName' | 'companySize' | 'companyIndustry' | 'companyPhone' | 'timeZone' | 'dateFormat'
  >,
  now: Date,
) {
  const [row] = await db
    .insert(organizations)
    .values({
      name: values.companyName,
      size: values.companySize,
      industry: values.companyIndustry,
      phone: values.companyPhone,
      ...(values.timeZone ? { timeZone: values.timeZone } : {}),
      ...(values.dateFormat ? { dateFormat: values.dateFormat } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: organizations.id })
  // Its reminder policy, with the defaults (db/schema/reminders.ts), from the start: reminders
  // go out from 09:00 in its time zone.
  await db.insert(reminderPolicies).values({
    organizationId: row!.id,
    sendHour: NEW_COMPANY_SEND_HOUR,
    createdAt: now,
    updatedAt: now,
  })
  return row!.id
}

export async function updateOrganization(
  db: Db,
  orgId: string,
  values: UpdateOrganizationInput,
  now: Date,
) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: now })
    .where(eq(organizations.id, orgId))
    .returning(columns)
  if (!row) throw notFound('Company')
  return toDto(row)
}

/**
 * Locks the company row until the transaction ends. `update` serialises the changes that could
 * leave it without an admin; `no key update` serialises its uploads (rows that merely reference
 * the company do not wait for it).
 */
export async function lockOrganization(db: Db, orgId: string, mode: 'update' | 'no key update') {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for(mode)
}

/** Companies whose every user is unverified: a registration that never proved its address. */
const onlyUnverifiedUsers = sql`not exists (select 1 from ${users} as member join ${people} as person on person.id = member.person_id where member.organization_id = ${organizations.id} and person.email_verified_at is not null)`

/** People left with no membership (their companies deleted): their addresses are free again. */
const withoutMembership = sql`not exists (select 1 from ${users} where ${users.personId} = ${people.id})`

/**
 * Deletes the unverified registration holding `email`, with its company (empty: nobody could sign
 * in to it), so that an invitation can claim the address. Returns the company's id, if any.
 */
export async function deleteUnverifiedRegistration(db: Db, email: string) {
  const holder = db
    .select({ organizationId: users.organizationId })
    .from(users)
    .innerJoin(people, withPerson)
    .where(and(eq(people.email, email), isNull(people.emailVerifiedAt)))
  const [deleted] = await db
    .delete(organizations)
    .where(and(inArray(organizations.id, holder), onlyUnverifiedUsers))
    .returning({ id: organizations.id })
  await db.delete(people).where(and(eq(people.email, email), withoutMembership))
  return deleted?.id
}

/** Registrations never verified since `before`, with their companies: their addresses are free again. */
export async function deleteExpiredRegistrations(db: Db, before: Date) {
  const deleted = await db
    .delete(organizations)
    .where(
      and(
        lt(organizations.createdAt, before),
        exists(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.organizationId, organizations.id), lt(users.createdAt, before))),
        ),
        onlyUnverifiedUsers,
      ),
    )
    .returning({ id: organizations.id })
  if (deleted.length > 0)
    await db.delete(people).where(and(lt(people.createdAt, before), withoutMembership))
  return deleted.length
}

import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AuditStatus } from '@shared/schemas/audits'
import type { Db } from '../../db/client'
import {
  jsonRows,
  key,
  outerJoined,
  pageQuery,
  type Keyset,
  type PageRequest,
} from '../../db/keyset'
import { auditMembers, audits, clients, people, projects, users, withPerson } from '../../db/schema'
import { notFound } from '../../lib/errors'

/** The queries of an audit and its team (audits, audit_members). */

export interface AuditValues {
  name?: string
  description?: string | null
  status?: AuditStatus
  dueDate?: string | null
  remindersPaused?: boolean
}

const leadMember = alias(auditMembers, 'lead_member')
const leadUser = alias(users, 'lead_user')
const leadPerson = alias(people, 'lead_person')

const columns = {
  id: audits.id,
  name: audits.name,
  description: audits.description,
  projectId: audits.projectId,
  status: audits.status,
  dueDate: audits.dueDate,
  remindersPaused: audits.remindersPaused,
  createdAt: audits.createdAt,
  updatedAt: audits.updatedAt,
  leadId: leadUser.id,
  leadFirstName: leadPerson.firstName,
  leadLastName: leadPerson.lastName,
  leadEmail: leadPerson.email,
}

export type AuditRow = Awaited<ReturnType<typeof getAudit>>

/** Audits with their lead; `clientId` confines them to that client's projects. */
function selectAudits(db: Db, clientId: string | undefined) {
  const query = db
    .select(columns)
    .from(audits)
    .leftJoin(leadMember, and(eq(leadMember.auditId, audits.id), eq(leadMember.lead, true)))
    .leftJoin(leadUser, eq(leadUser.id, leadMember.userId))
    .leftJoin(leadPerson, eq(leadPerson.id, leadUser.personId))
  return clientId
    ? query.innerJoin(
        projects,
        and(eq(projects.id, audits.projectId), eq(projects.clientId, clientId)),
      )
    : query
}

const ofOrg = (orgId: string, id: string) =>
  and(eq(audits.organizationId, orgId), eq(audits.id, id))

const newestFirst: Keyset = {
  keys: [key(audits.createdAt, 'timestamptz'), key(audits.id, 'uuid')],
  direction: 'desc',
}

/** Lists read an audit as one JSON text per row (decision 052). */
const listed = jsonRows(newestFirst, {
  ...columns,
  leadId: outerJoined(leadUser.id),
  leadFirstName: outerJoined(leadPerson.firstName),
  leadLastName: outerJoined(leadPerson.lastName),
  leadEmail: outerJoined(leadPerson.email),
})

/** A project's audits, newest first (the project's visibility is the caller's to check). */
export async function listAudits(db: Db, orgId: string, projectId: string, request: PageRequest) {
  const page = pageQuery(newestFirst, request)
  const rows = await db
    .select({ row: listed.row })
    .from(audits)
    .leftJoin(leadMember, and(eq(leadMember.auditId, audits.id), eq(leadMember.lead, true)))
    .leftJoin(leadUser, eq(leadUser.id, leadMember.userId))
    .leftJoin(leadPerson, eq(leadPerson.id, leadUser.personId))
    .where(and(eq(audits.organizationId, orgId), eq(audits.projectId, projectId), page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return listed.page(rows, request)
}

/** One audit the caller may see (`clientId`: a client user's); 404 otherwise. */
export async function getAudit(db: Db, orgId: string, id: string, clientId?: string) {
  const [row] = await selectAudits(db, clientId).where(ofOrg(orgId, id))
  if (!row) throw notFound('Audit')
  return row
}

/** Where the audit sits: its project and the project's client, by name. */
export async function auditPlace(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      clientId: clients.id,
      clientName: clients.name,
    })
    .from(audits)
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(ofOrg(orgId, id))
  if (!row) throw notFound('Audit')
  return {
    project: { id: row.projectId, name: row.projectName },
    client: { id: row.clientId, name: row.clientName },
  }
}

/** The audit with its project's client; 404 when `clientId` is given and it is another's. */
export async function findAuditWithClient(db: Db, orgId: string, id: string, clientId?: string) {
  const [row] = await db
    .select({
      id: audits.id,
      name: audits.name,
      status: audits.status,
      dueDate: audits.dueDate,
      clientId: projects.clientId,
    })
    .from(audits)
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(and(ofOrg(orgId, id), clientId ? eq(projects.clientId, clientId) : undefined))
  if (!row) throw notFound('Audit')
  return row
}

export async function countAudits(db: Db, orgId: string, filter: { projectId: string }) {
  const [row] = await db
    .select({ count: count() })
    .from(audits)
    .where(and(eq(audits.organizationId, orgId), eq(audits.projectId, filter.projectId)))
  return row?.count ?? 0
}

/**
 * Locks the audit until the transaction ends (requests are counted and added under it, it is
 * completed and reopened under it): its status. 404 if none.
 */
export async function lockAudit(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({
      status: audits.status,
      name: audits.name,
      description: audits.description,
      dueDate: audits.dueDate,
      remindersPaused: audits.remindersPaused,
    })
    .from(audits)
    .where(ofOrg(orgId, id))
    .for('update')
  if (!row) throw notFound('Audit')
  return row
}

/**
 * Takes the audit's next `n` request numbers (call with the audit locked): the first of them. The
 * counter only goes up, so a number is never given twice, whatever was deleted since.
 */
export async function claimRequestNumbers(db: Db, orgId: string, id: string, n: number) {
  const [row] = await db
    .update(audits)
    .set({ lastRequestNumber: sql`${audits.lastRequestNumber} + ${n}` })
    .where(ofOrg(orgId, id))
    .returning({ last: audits.lastRequestNumber })
  if (!row) throw notFound('Audit')
  return row.last - n + 1
}

/**
 * The client of the audit's project, the project locked against a change of client until the
 * transaction ends (a project refuses one once anything was sent).
 */
export async function lockAuditClient(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({ clientId: projects.clientId })
    .from(audits)
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(ofOrg(orgId, id))
    .for('share', { of: projects })
  return row?.clientId
}

export async function insertAudit(
  db: Db,
  orgId: string,
  values: Required<Omit<AuditValues, 'remindersPaused'>> & { projectId: string },
  now: Date,
) {
  const [row] = await db
    .insert(audits)
    .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
    .returning({ id: audits.id })
  return row!.id
}

/** False when there was no such audit. */
export async function updateAudit(
  db: Db,
  orgId: string,
  id: string,
  values: AuditValues,
  now: Date,
) {
  const rows = await db
    .update(audits)
    .set({ ...values, updatedAt: now })
    .where(ofOrg(orgId, id))
    .returning({ id: audits.id })
  return rows.length > 0
}

/** Its requests, versions, files' rows and team go with it (ON DELETE CASCADE). */
export async function deleteAudit(db: Db, orgId: string, id: string) {
  const deleted = await db.delete(audits).where(ofOrg(orgId, id)).returning({ id: audits.id })
  if (deleted.length === 0) throw notFound('Audit')
}

/** The audit's team, the lead first, then by name. */
export function teamOf(db: Db, auditId: string) {
  return db
    .select({
      id: users.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      lead: auditMembers.lead,
    })
    .from(auditMembers)
    .innerJoin(users, eq(users.id, auditMembers.userId))
    .innerJoin(people, withPerson)
    .where(eq(auditMembers.auditId, auditId))
    .orderBy(
      desc(auditMembers.lead),
      asc(sql`lower(${people.firstName} || ' ' || ${people.lastName})`),
      asc(users.id),
    )
}

/** Replaces the team (call with the audit locked). */
export async function setTeam(
  db: Db,
  orgId: string,
  auditId: string,
  team: { leadId: string | null; memberIds: string[] },
  now: Date,
) {
  await db.delete(auditMembers).where(eq(auditMembers.auditId, auditId))
  const ids = [...new Set([...(team.leadId ? [team.leadId] : []), ...team.memberIds])]
  if (ids.length === 0) return
  await db.insert(auditMembers).values(
    ids.map((userId) => ({
      auditId,
      userId,
      organizationId: orgId,
      lead: userId === team.leadId,
      createdAt: now,
      updatedAt: now,
    })),
  )
}

/** Takes the user off every audit team of the company (they became a client user). */
export async function leaveTeams(db: Db, orgId: string, userId: string) {
  await db
    .delete(auditMembers)
    .where(and(eq(auditMembers.organizationId, orgId), eq(auditMembers.userId, userId)))
}

import { and, asc, count, eq, getTableColumns, inArray, max, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { RequestStatus } from '@shared/schemas/requests'
import type { Db } from '../../db/client'
import {
  auditRequests,
  audits,
  projects,
  requestComments,
  requestVersions,
  templateItems,
  templates,
  users,
} from '../../db/schema'
import { AppError, notFound } from '../../lib/errors'
import { fullName } from '../activity/activity.repo'
import { countPendingFiles, filesByVersion, pendingVersion } from '../files/files.repo'
import { AWAITING_CLIENT } from './request-state'
import { visibleIn, type RequestScope } from './visibility'

const assignee = alias(users, 'assignee')
const sameAudit = alias(auditRequests, 'same_audit')

/**
 * The requests of whole audits with each one's number: its rank in its audit by (position,
 * created_at, id), counting every request (drafts too), from one window over one scan. Never a
 * count per row, nor a join back to the table, which a planner without statistics (PGlite never
 * analyses) turned into one scan per row: an audit of 10,000 requests took 16 s.
 * The subquery is named like the table on purpose: the columns and conditions written against
 * `auditRequests` outside it (visibleIn included) read its rows, numbered.
 */
function numberedRequests(db: Db, inAudits: SQL) {
  return db
    .select({
      ...getTableColumns(auditRequests),
      number:
        sql<number>`(row_number() over (partition by ${auditRequests.auditId} order by ${auditRequests.position}, ${auditRequests.createdAt}, ${auditRequests.id}))::int`.as(
          'number',
        ),
    })
    .from(auditRequests)
    .where(inAudits)
    .as('audit_requests')
}

const columns = {
  id: auditRequests.id,
  auditId: auditRequests.auditId,
  position: auditRequests.position,
  title: auditRequests.title,
  description: auditRequests.description,
  documentRequired: auditRequests.documentRequired,
  responseRequired: auditRequests.responseRequired,
  status: auditRequests.status,
  assigneeId: auditRequests.assigneeUserId,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  dueDate: auditRequests.dueDate,
  sentAt: auditRequests.sentAt,
  submittedAt: auditRequests.submittedAt,
  acceptedAt: auditRequests.acceptedAt,
  notApplicableReason: auditRequests.notApplicableReason,
  createdAt: auditRequests.createdAt,
  updatedAt: auditRequests.updatedAt,
  // Context, not part of the request's DTO.
  auditName: audits.name,
  auditDueDate: audits.dueDate,
  projectId: projects.id,
  projectName: projects.name,
  clientId: projects.clientId,
}

export type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number]

/** `inAudits` bounds the numbering (whole audits); `where` picks the rows among them. */
function selectRequests(db: Db, inAudits: SQL, where: SQL | undefined) {
  const numbered = numberedRequests(db, inAudits)
  return db
    .select({ ...columns, number: numbered.number })
    .from(numbered)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .leftJoin(assignee, eq(assignee.id, auditRequests.assigneeUserId))
    .where(where)
    .orderBy(asc(auditRequests.position), asc(auditRequests.createdAt), asc(auditRequests.id))
}

/** The audits of these requests (of the company), for numbering. */
const auditsOfRequests = (db: Db, orgId: string, ids: SQL) =>
  inArray(
    auditRequests.auditId,
    db
      .select({ auditId: sameAudit.auditId })
      .from(sameAudit)
      .where(and(eq(sameAudit.organizationId, orgId), ids)),
  )

/** Today as YYYY-MM-DD in UTC: due dates are calendar dates. */
export const today = (now: Date) => now.toISOString().slice(0, 10)

const iso = (value: Date | null) => value?.toISOString() ?? null

export function toRequestDto(row: RequestRow, now: Date) {
  return {
    id: row.id,
    auditId: row.auditId,
    number: row.number,
    position: row.position,
    title: row.title,
    description: row.description,
    documentRequired: row.documentRequired,
    responseRequired: row.responseRequired,
    status: row.status,
    assigneeId: row.assigneeId,
    assigneeName:
      row.assigneeFirstName === null
        ? null
        : fullName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName ?? '' }),
    dueDate: row.dueDate,
    overdue:
      row.dueDate !== null && row.dueDate < today(now) && AWAITING_CLIENT.includes(row.status),
    sentAt: iso(row.sentAt),
    submittedAt: iso(row.submittedAt),
    acceptedAt: iso(row.acceptedAt),
    notApplicableReason: row.notApplicableReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The audit (with its client), if the scope can see it; otherwise 404. */
export async function findAudit(db: Db, orgId: string, auditId: string, scope: RequestScope = {}) {
  const [row] = await db
    .select({ id: audits.id, name: audits.name, clientId: projects.clientId })
    .from(audits)
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(
      and(
        eq(audits.organizationId, orgId),
        eq(audits.id, auditId),
        scope.clientId ? eq(projects.clientId, scope.clientId) : undefined,
      ),
    )
  if (!row) throw notFound('Audit')
  return row
}

/** The audit's requests that the scope sees, numbered, as a query (it does not check the audit). */
export function auditRequestsQuery(db: Db, orgId: string, auditId: string, scope: RequestScope) {
  const audit = and(eq(auditRequests.organizationId, orgId), eq(auditRequests.auditId, auditId))!
  return selectRequests(db, audit, and(audit, visibleIn(scope)))
}

export async function listRequestRows(db: Db, orgId: string, auditId: string, scope: RequestScope) {
  await findAudit(db, orgId, auditId, scope)
  return auditRequestsQuery(db, orgId, auditId, scope)
}

/** One request the scope can see; 404 otherwise (another company's, another client's, never sent). */
export async function findRequest(db: Db, orgId: string, id: string, scope: RequestScope = {}) {
  const [row] = await selectRequests(
    db,
    auditsOfRequests(db, orgId, eq(sameAudit.id, id)),
    and(eq(auditRequests.organizationId, orgId), eq(auditRequests.id, id), visibleIn(scope)),
  )
  if (!row) throw notFound('Request')
  return row
}

export async function findRequestsByIds(db: Db, orgId: string, ids: string[]) {
  if (ids.length === 0) return []
  return selectRequests(
    db,
    auditsOfRequests(db, orgId, inArray(sameAudit.id, ids)),
    and(eq(auditRequests.organizationId, orgId), inArray(auditRequests.id, ids)),
  )
}

/** A client user's requests across their client's audits (those sent to them). */
export async function clientRequestRows(db: Db, orgId: string, clientId: string) {
  const clientAudits = inArray(
    auditRequests.auditId,
    db
      .select({ id: audits.id })
      .from(audits)
      .innerJoin(projects, eq(projects.id, audits.projectId))
      .where(and(eq(audits.organizationId, orgId), eq(projects.clientId, clientId))),
  )
  return selectRequests(
    db,
    clientAudits,
    and(eq(auditRequests.organizationId, orgId), visibleIn({ clientId })),
  )
}

/** The assignee must be a client-role user of the audit's client; 400 on assigneeId otherwise. */
export async function assertAssignee(db: Db, orgId: string, clientId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, orgId),
        eq(users.id, userId),
        eq(users.role, 'client'),
        eq(users.clientId, clientId),
      ),
    )
  if (!row) throw invalidAssignee()
}

export const invalidAssignee = () =>
  new AppError('VALIDATION', 'The assignee must be a client user of this audit’s client', [
    { path: 'assigneeId', message: 'The assignee must be a client user of this audit’s client' },
  ])

/** Which of these users may still answer requests of this client. */
export async function eligibleAssignees(db: Db, orgId: string, clientId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { email: string; firstName: string }>()
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.organizationId, orgId),
        inArray(users.id, ids),
        eq(users.role, 'client'),
        eq(users.clientId, clientId),
      ),
    )
  return new Map(rows.map((row) => [row.id, row]))
}

async function nextPosition(db: Db, auditId: string) {
  const [row] = await db
    .select({ last: max(auditRequests.position) })
    .from(auditRequests)
    .where(eq(auditRequests.auditId, auditId))
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1
}

const grouped = (n: number) => n.toLocaleString('en-US')

/**
 * Locks the audit until the transaction ends and checks that `adding` more requests fit under
 * `max`: two additions to one audit at once are counted one after the other. 409 beyond.
 */
async function reserveRequests(
  db: Db,
  orgId: string,
  auditId: string,
  adding: number,
  max: number,
) {
  const [audit] = await db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.organizationId, orgId), eq(audits.id, auditId)))
    .for('update')
  if (!audit) throw notFound('Audit')
  const [row] = await db
    .select({ count: count() })
    .from(auditRequests)
    .where(eq(auditRequests.auditId, auditId))
  const existing = row?.count ?? 0
  if (existing + adding <= max) return
  throw new AppError(
    'CONFLICT',
    adding === 1
      ? `This audit already has ${grouped(existing)} requests, the most an audit can hold. Start another audit for the rest.`
      : `These ${grouped(adding)} requests would make ${grouped(existing + adding)} in this audit, which can hold at most ${grouped(max)}. Start another audit for the rest.`,
  )
}

export interface NewRequest {
  title: string
  description: string | null
  documentRequired: boolean
  responseRequired: boolean
  position?: number
  assigneeId: string | null
  dueDate: string | null
}

/** Call inside a transaction: the audit stays locked until it ends. */
export async function insertRequest(
  db: Db,
  orgId: string,
  auditId: string,
  values: NewRequest,
  now: Date,
  maxPerAudit: number,
) {
  await reserveRequests(db, orgId, auditId, 1, maxPerAudit)
  const { assigneeId, position, ...rest } = values
  const [row] = await db
    .insert(auditRequests)
    .values({
      ...rest,
      organizationId: orgId,
      auditId,
      assigneeUserId: assigneeId,
      position: position ?? (await nextPosition(db, auditId)),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: auditRequests.id })
  return row!.id
}

/** The template's items, in their order, if the template is the company's; 400 on templateId otherwise. */
export async function templateItemsFor(db: Db, orgId: string, templateId: string) {
  const [template] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.organizationId, orgId), eq(templates.id, templateId)))
  if (!template)
    throw new AppError('VALIDATION', 'Template not found', [
      { path: 'templateId', message: 'Template not found' },
    ])
  return db
    .select({
      id: templateItems.id,
      title: templateItems.title,
      description: templateItems.description,
      requiresDocument: templateItems.requiresDocument,
      requiresResponse: templateItems.requiresResponse,
    })
    .from(templateItems)
    .where(and(eq(templateItems.organizationId, orgId), eq(templateItems.templateId, templateId)))
    .orderBy(asc(templateItems.order), asc(templateItems.createdAt), asc(templateItems.id))
}

/** Copies the items as drafts after the audit's last request; call inside a transaction. */
export async function insertRequestsFromItems(
  db: Db,
  orgId: string,
  auditId: string,
  items: Awaited<ReturnType<typeof templateItemsFor>>,
  now: Date,
  maxPerAudit: number,
) {
  if (items.length === 0) return []
  await reserveRequests(db, orgId, auditId, items.length, maxPerAudit)
  const first = await nextPosition(db, auditId)
  const rows = await db
    .insert(auditRequests)
    .values(
      items.map((item, index) => ({
        organizationId: orgId,
        auditId,
        position: first + index,
        title: item.title,
        description: item.description,
        documentRequired: item.requiresDocument,
        responseRequired: item.requiresResponse,
        sourceTemplateItemId: item.id,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: auditRequests.id })
  return rows.map((row) => row.id)
}

export type RequestChanges = Partial<typeof auditRequests.$inferInsert>

/**
 * Updates the request only while its status is one of `from`: the check and the write are one
 * statement, so two concurrent transitions cannot both win. False when nothing matched.
 */
export async function updateIfStatus(
  db: Db,
  orgId: string,
  id: string,
  from: readonly RequestStatus[],
  values: RequestChanges,
) {
  const rows = await db
    .update(auditRequests)
    .set(values)
    .where(
      and(
        eq(auditRequests.organizationId, orgId),
        eq(auditRequests.id, id),
        inArray(auditRequests.status, [...from]),
      ),
    )
    .returning({ id: auditRequests.id })
  return rows.length > 0
}

export async function deleteIfStatus(
  db: Db,
  orgId: string,
  id: string,
  from: readonly RequestStatus[],
) {
  const rows = await db
    .delete(auditRequests)
    .where(
      and(
        eq(auditRequests.organizationId, orgId),
        eq(auditRequests.id, id),
        inArray(auditRequests.status, [...from]),
      ),
    )
    .returning({ id: auditRequests.id })
  return rows.length > 0
}

/**
 * The client of the audit's project, the project locked against a change of client until the
 * transaction ends (projects.repo refuses one once anything was sent).
 */
export async function lockAuditClient(db: Db, orgId: string, auditId: string) {
  const [row] = await db
    .select({ clientId: projects.clientId })
    .from(audits)
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(and(eq(audits.organizationId, orgId), eq(audits.id, auditId)))
    .for('share', { of: projects })
  return row?.clientId
}

/** Sends the drafts among `ids`; returns the ids that were still drafts. */
export async function markSent(db: Db, orgId: string, ids: string[], now: Date) {
  const rows = await db
    .update(auditRequests)
    .set({ status: 'sent', sentAt: now, updatedAt: now })
    .where(
      and(
        eq(auditRequests.organizationId, orgId),
        inArray(auditRequests.id, ids),
        eq(auditRequests.status, 'draft'),
      ),
    )
    .returning({ id: auditRequests.id })
  return rows.map((row) => row.id)
}

/**
 * The submission: fills in the version being prepared (the one the files were uploaded to), or
 * adds version n+1 when no file was uploaded.
 */
export async function insertVersion(
  db: Db,
  requestId: string,
  values: { response: string | null; by: { id: string; name: string } },
  now: Date,
) {
  const submission = {
    response: values.response,
    submittedByUserId: values.by.id,
    submittedByName: values.by.name,
    submittedAt: now,
    updatedAt: now,
  }
  const pending = await pendingVersion(db, requestId)
  if (pending) {
    await db.update(requestVersions).set(submission).where(eq(requestVersions.id, pending))
    return
  }
  const [last] = await db
    .select({ number: max(requestVersions.number) })
    .from(requestVersions)
    .where(eq(requestVersions.requestId, requestId))
  await db
    .insert(requestVersions)
    .values({ requestId, number: (last?.number ?? 0) + 1, ...submission, createdAt: now })
}

/** The reason goes on the latest submitted version: the one being returned. */
export async function markLatestVersionReturned(
  db: Db,
  requestId: string,
  values: { reason: string; by: { id: string; name: string } },
  now: Date,
) {
  const latest = db
    .select({ id: requestVersions.id })
    .from(requestVersions)
    .where(eq(requestVersions.requestId, requestId))
    .orderBy(sql`${requestVersions.number} desc`)
    .limit(1)
  await db
    .update(requestVersions)
    .set({
      returnedReason: values.reason,
      returnedByUserId: values.by.id,
      returnedByName: values.by.name,
      returnedAt: now,
      updatedAt: now,
    })
    .where(inArray(requestVersions.id, latest))
}

/** Files attached to the version being prepared: what a document-required submit needs. */
export const pendingFileCount = countPendingFiles

export async function listVersions(db: Db, requestId: string) {
  const rows = await db
    .select({
      id: requestVersions.id,
      number: requestVersions.number,
      response: requestVersions.response,
      submittedBy: requestVersions.submittedByName,
      submittedAt: requestVersions.submittedAt,
      returnedReason: requestVersions.returnedReason,
      returnedBy: requestVersions.returnedByName,
      returnedAt: requestVersions.returnedAt,
    })
    .from(requestVersions)
    .where(eq(requestVersions.requestId, requestId))
    .orderBy(asc(requestVersions.number))
  const files = await filesByVersion(db, requestId)
  return rows.map((row) => ({
    ...row,
    submittedAt: iso(row.submittedAt),
    returnedAt: iso(row.returnedAt),
    files: files.get(row.id) ?? [],
  }))
}

const commentColumns = {
  id: requestComments.id,
  authorId: requestComments.authorUserId,
  authorName: requestComments.authorName,
  body: requestComments.body,
  internal: requestComments.internal,
  createdAt: requestComments.createdAt,
}
type CommentRow = { createdAt: Date }
const commentDto = <T extends CommentRow>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** Oldest first; `internal`: true for the notes only, false for the shared thread only. */
export async function listComments(
  db: Db,
  orgId: string,
  requestId: string,
  filter: { internal?: boolean },
) {
  const rows = await db
    .select(commentColumns)
    .from(requestComments)
    .where(
      and(
        eq(requestComments.organizationId, orgId),
        eq(requestComments.requestId, requestId),
        filter.internal === undefined ? undefined : eq(requestComments.internal, filter.internal),
      ),
    )
    .orderBy(asc(requestComments.createdAt), asc(requestComments.id))
  return rows.map(commentDto)
}

export async function insertComment(
  db: Db,
  orgId: string,
  requestId: string,
  values: { body: string; internal: boolean; author: { id: string; name: string } },
  now: Date,
) {
  const [row] = await db
    .insert(requestComments)
    .values({
      organizationId: orgId,
      requestId,
      authorUserId: values.author.id,
      authorName: values.author.name,
      body: values.body,
      internal: values.internal,
      createdAt: now,
      updatedAt: now,
    })
    .returning(commentColumns)
  return commentDto(row!)
}

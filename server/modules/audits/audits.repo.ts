import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { audits, projects } from '../../db/schema'
import { withIsoDates } from '../../lib/dto'
import { AppError, notFound } from '../../lib/errors'
import { insertRequestsFromItems, templateItemsFor } from '../requests/requests.repo'

type AuditStatus = 'in_progress' | 'in_review' | 'completed'

export interface AuditValues {
  name?: string
  description?: string | null
  status?: AuditStatus
  dueDate?: string | null
}

const columns = {
  id: audits.id,
  name: audits.name,
  description: audits.description,
  projectId: audits.projectId,
  status: audits.status,
  dueDate: audits.dueDate,
  createdAt: audits.createdAt,
  updatedAt: audits.updatedAt,
}

/** `clientId`: only that client's projects count (a client-role caller). */
async function projectExists(db: Db, orgId: string, projectId: string, clientId?: string) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.organizationId, orgId),
        eq(projects.id, projectId),
        clientId ? eq(projects.clientId, clientId) : undefined,
      ),
    )
  return Boolean(row)
}

export async function listAudits(db: Db, orgId: string, projectId: string, clientId?: string) {
  if (!(await projectExists(db, orgId, projectId, clientId))) throw notFound('Project')
  const rows = await db
    .select(columns)
    .from(audits)
    .where(and(eq(audits.organizationId, orgId), eq(audits.projectId, projectId)))
    .orderBy(desc(audits.createdAt), desc(audits.id))
  return rows.map(withIsoDates)
}

/** `clientId`: a client-role caller sees only the audits of that client's projects. */
export async function getAudit(db: Db, orgId: string, id: string, clientId?: string) {
  const query = db.select(columns).from(audits)
  const [row] = await (
    clientId
      ? query.innerJoin(
          projects,
          and(eq(projects.id, audits.projectId), eq(projects.clientId, clientId)),
        )
      : query
  ).where(and(eq(audits.organizationId, orgId), eq(audits.id, id)))
  if (!row) throw notFound('Audit')
  return withIsoDates(row)
}

/** With a template: the audit starts with one draft request per item (a copy), in one transaction. */
export async function createAudit(
  db: Db,
  orgId: string,
  input: Required<AuditValues> & { projectId: string; templateId?: string },
  now: Date,
  maxRequestsPerAudit: number,
) {
  const { templateId, ...values } = input
  if (!(await projectExists(db, orgId, values.projectId))) {
    throw new AppError('VALIDATION', 'Project not found', [
      { path: 'projectId', message: 'Project not found' },
    ])
  }
  const items = templateId ? await templateItemsFor(db, orgId, templateId) : []
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(audits)
      .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
      .returning(columns)
    await insertRequestsFromItems(tx, orgId, created!.id, items, now, maxRequestsPerAudit)
    return created!
  })
  return withIsoDates(row)
}

export async function updateAudit(
  db: Db,
  orgId: string,
  id: string,
  values: AuditValues,
  now: Date,
) {
  const [row] = await db
    .update(audits)
    .set({ ...values, updatedAt: now })
    .where(and(eq(audits.organizationId, orgId), eq(audits.id, id)))
    .returning(columns)
  if (!row) throw notFound('Audit')
  return withIsoDates(row)
}

export async function deleteAudit(db: Db, orgId: string, id: string) {
  const deleted = await db
    .delete(audits)
    .where(and(eq(audits.organizationId, orgId), eq(audits.id, id)))
    .returning({ id: audits.id })
  if (deleted.length === 0) throw notFound('Audit')
}

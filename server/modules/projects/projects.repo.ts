import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditRequests, audits, clients, projects } from '../../db/schema'
import { withIsoDates } from '../../lib/dto'
import { AppError, isForeignKeyViolation, notFound } from '../../lib/errors'

export interface ProjectValues {
  name?: string
  description?: string | null
  clientId?: string
  status?: 'active' | 'completed' | 'on_hold'
}

const columns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  clientId: projects.clientId,
  clientName: clients.name,
  status: projects.status,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
}

function selectProjects(db: Db) {
  return db.select(columns).from(projects).leftJoin(clients, eq(clients.id, projects.clientId))
}

export async function listProjects(db: Db, orgId: string, filter: { clientId?: string } = {}) {
  const rows = await selectProjects(db)
    .where(
      and(
        eq(projects.organizationId, orgId),
        filter.clientId ? eq(projects.clientId, filter.clientId) : undefined,
      ),
    )
    .orderBy(desc(projects.createdAt), desc(projects.id))
  return rows.map(withIsoDates)
}

/** `clientId`: a client-role caller sees only that client's projects (another's: 404). */
export async function getProject(db: Db, orgId: string, id: string, clientId?: string) {
  const [row] = await selectProjects(db).where(
    and(
      eq(projects.organizationId, orgId),
      eq(projects.id, id),
      clientId ? eq(projects.clientId, clientId) : undefined,
    ),
  )
  if (!row) throw notFound('Project')
  return withIsoDates(row)
}

/** A client id from the request must name one of the caller's clients. */
async function assertClient(db: Db, orgId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, clientId)))
  if (!row)
    throw new AppError('VALIDATION', 'Client not found', [
      { path: 'clientId', message: 'Client not found' },
    ])
}

export async function createProject(
  db: Db,
  orgId: string,
  values: Required<ProjectValues>,
  now: Date,
) {
  await assertClient(db, orgId, values.clientId)
  const [row] = await db
    .insert(projects)
    .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
    .returning({ id: projects.id })
  return getProject(db, orgId, row!.id)
}

/**
 * A project's client can change while nothing was sent to the client's users: the drafts follow
 * (their assignees, the old client's users, are cleared). Once a request was sent, its answers,
 * files and comments belong to that client, so the change is refused (409).
 */
export async function updateProject(
  db: Db,
  orgId: string,
  id: string,
  values: ProjectValues,
  now: Date,
) {
  if (values.clientId) await assertClient(db, orgId, values.clientId)
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ clientId: projects.clientId, clientName: clients.name })
      .from(projects)
      .leftJoin(clients, eq(clients.id, projects.clientId))
      .where(and(eq(projects.organizationId, orgId), eq(projects.id, id)))
      .for('update', { of: projects })
    if (!current) throw notFound('Project')
    const projectAudits = tx
      .select({ id: audits.id })
      .from(audits)
      .where(and(eq(audits.organizationId, orgId), eq(audits.projectId, id)))
    if (values.clientId && values.clientId !== current.clientId) {
      const [sent] = await tx
        .select({ id: auditRequests.id })
        .from(auditRequests)
        .where(and(inArray(auditRequests.auditId, projectAudits), isNotNull(auditRequests.sentAt)))
        .limit(1)
      if (sent)
        throw new AppError(
          'CONFLICT',
          `Requests of this project were sent to ${current.clientName ?? 'its client'}: its answers, files and comments stay with that client, so the project cannot move to another one. Create a new project for the other client.`,
        )
      await tx
        .update(auditRequests)
        .set({ assigneeUserId: null, updatedAt: now })
        .where(
          and(
            inArray(auditRequests.auditId, projectAudits),
            isNotNull(auditRequests.assigneeUserId),
          ),
        )
    }
    await tx
      .update(projects)
      .set({ ...values, updatedAt: now })
      .where(and(eq(projects.organizationId, orgId), eq(projects.id, id)))
  })
  return getProject(db, orgId, id)
}

export async function deleteProject(db: Db, orgId: string, id: string) {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.organizationId, orgId), eq(projects.id, id)))
  if (!project) throw notFound('Project')
  // Counted apart: in a one-table select, Drizzle leaves the columns of a sql`` subquery
  // unqualified, so the subquery compared its own table's columns and always counted 0.
  const [{ auditCount }] = (await db
    .select({ auditCount: count() })
    .from(audits)
    .where(eq(audits.projectId, id))) as [{ auditCount: number }]
  const conflict = (count: number) =>
    new AppError(
      'CONFLICT',
      `This project still has ${count === 1 ? 'an audit' : `${count} audits`}. Delete its audits first, then delete the project.`,
    )
  if (auditCount > 0) throw conflict(auditCount)
  await db
    .delete(projects)
    .where(and(eq(projects.organizationId, orgId), eq(projects.id, id)))
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? conflict(1) : error
    })
}

import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { ProjectStatus } from '@shared/schemas/projects'
import type { Db } from '../../db/client'
import {
  jsonRows,
  key,
  outerJoined,
  pageQuery,
  searched,
  type Keyset,
  type PageRequest,
} from '../../db/keyset'
import { clients, organizationCounts, projects } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'
import { notFound } from '../../lib/errors'

export interface ProjectValues {
  name?: string
  description?: string | null
  clientId?: string
  status?: ProjectStatus
}

const columns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  clientId: projects.clientId,
  clientName: clients.name,
  status: projects.status,
  createdAt: isoTimestamp(projects.createdAt),
  updatedAt: isoTimestamp(projects.updatedAt),
}

const ofOrg = (orgId: string, id: string) =>
  and(eq(projects.organizationId, orgId), eq(projects.id, id))

function selectProjects(db: Db) {
  return db.select(columns).from(projects).leftJoin(clients, eq(clients.id, projects.clientId))
}

/** What a list of projects is narrowed to; every one of `clientIds` must hold. */
export interface ProjectFilter {
  q?: string | undefined
  statuses?: ProjectStatus[] | undefined
  clientIds: string[]
}

const matching = (orgId: string, filter: ProjectFilter) =>
  and(
    eq(projects.organizationId, orgId),
    ...filter.clientIds.map((clientId) => eq(projects.clientId, clientId)),
    searched(projects.name, filter.q),
  )

const newestFirst: Keyset = {
  keys: [key(projects.createdAt, 'timestamptz'), key(projects.id, 'uuid')],
  direction: 'desc',
}

/** Lists read a project as one JSON text per row (decision 052). */
const listed = jsonRows(newestFirst, { ...columns, clientName: outerJoined(clients.name) })

/** Newest first. */
export async function listProjects(
  db: Db,
  orgId: string,
  filter: ProjectFilter,
  request: PageRequest,
) {
  const page = pageQuery(newestFirst, request)
  const rows = await db
    .select({ row: listed.row })
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(
      and(
        matching(orgId, filter),
        filter.statuses ? inArray(projects.status, filter.statuses) : undefined,
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return listed.page(rows, request)
}

/**
 * The counts of each status among the projects the filter (but its statuses) selects: the whole
 * company's from its row of organization_counts (decision 014), a search's or a client's counted.
 */
export async function countProjectsByStatus(db: Db, orgId: string, filter: ProjectFilter) {
  if (filter.q === undefined && filter.clientIds.length === 0) {
    const [counted] = await db
      .select({
        active: organizationCounts.activeProjects,
        completed: organizationCounts.completedProjects,
        onHold: organizationCounts.onHoldProjects,
      })
      .from(organizationCounts)
      .where(eq(organizationCounts.organizationId, orgId))
    const { active, completed, onHold } = counted ?? { active: 0, completed: 0, onHold: 0 }
    return { active, completed, onHold, all: active + completed + onHold }
  }
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${projects.status} = 'active')::int`,
      completed: sql<number>`count(*) filter (where ${projects.status} = 'completed')::int`,
      onHold: sql<number>`count(*) filter (where ${projects.status} = 'on_hold')::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(projects)
    .where(matching(orgId, filter))
  return row!
}

/** `clientId`: the project must be that client's (another's answers 404, like a missing one). */
export async function getProject(db: Db, orgId: string, id: string, clientId?: string) {
  const [row] = await selectProjects(db).where(
    and(ofOrg(orgId, id), clientId ? eq(projects.clientId, clientId) : undefined),
  )
  if (!row) throw notFound('Project')
  return row
}

/** The company's project with this id, if there is one (a reference from a request body). */
export async function findProject(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(ofOrg(orgId, id))
  return row
}

/** The project's client, the project locked for update until the transaction ends; 404 if none. */
export async function lockProject(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({ clientId: projects.clientId, clientName: clients.name })
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(ofOrg(orgId, id))
    .for('update', { of: projects })
  if (!row) throw notFound('Project')
  return row
}

export async function countProjects(db: Db, orgId: string, filter: { clientId: string }) {
  const [row] = await db
    .select({ count: count() })
    .from(projects)
    .where(and(eq(projects.organizationId, orgId), eq(projects.clientId, filter.clientId)))
  return row?.count ?? 0
}

export async function insertProject(
  db: Db,
  orgId: string,
  values: Required<ProjectValues>,
  now: Date,
) {
  const [row] = await db
    .insert(projects)
    .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
    .returning({ id: projects.id })
  return row!.id
}

export async function updateProject(
  db: Db,
  orgId: string,
  id: string,
  values: ProjectValues,
  now: Date,
) {
  await db
    .update(projects)
    .set({ ...values, updatedAt: now })
    .where(ofOrg(orgId, id))
}

/** False when there was no such project. One with audits trips its foreign key. */
export async function deleteProject(db: Db, orgId: string, id: string) {
  const deleted = await db.delete(projects).where(ofOrg(orgId, id)).returning({ id: projects.id })
  return deleted.length > 0
}

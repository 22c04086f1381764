import type { FastifyInstance } from 'fastify'
import type { ProjectStatus } from '@shared/schemas/projects'
import type { z } from 'zod'
import type {
  createProjectInput,
  listProjectsQuery,
  projectCountsQuery,
  updateProjectInput,
} from '@shared/schemas/projects'
import { clientScope } from '../../access/audience'
import type { Principal } from '../../access/principal'
import { mapPage } from '../../db/keyset'
import { AppError, fieldError, isForeignKeyViolation, notFound } from '../../lib/errors'
import { countAudits } from '../audits/audits.repo'
import { NO_PROGRESS, progressOf } from '../audits/progress.repo'
import { findClient } from '../clients/clients.repo'
import { clearProjectAssignees, projectHasSentRequests } from '../requests/requests.repo'
import {
  countProjectsByStatus,
  deleteProject,
  getProject,
  insertProject,
  listProjects,
  lockProject,
  updateProject,
  type ProjectFilter,
} from './projects.repo'

/** The caller's filters, within what the caller may see. */
function projectFilter(
  principal: Principal,
  query: { q?: string | undefined; clientId?: string | undefined; status?: ProjectStatus[] },
): ProjectFilter {
  const scope = clientScope(principal)
  return {
    q: query.q,
    statuses: query.status,
    clientIds: [scope, query.clientId].filter((id) => id !== undefined),
  }
}

const stillHasAudits = (count: number) =>
  new AppError(
    'CONFLICT',
    `This project still has ${count === 1 ? 'an audit' : `${count} audits`}. Delete its audits first, then delete the project.`,
  )

/** Projects: the firm's, or a client user's own client's (read only). */
export function projectsService({ db, clock }: FastifyInstance) {
  /** A client id from a request body must name one of the company's clients. */
  async function assertClient(orgId: string, clientId: string) {
    if (!(await findClient(db, orgId, clientId))) throw fieldError('clientId', 'Client not found')
  }

  return {
    /** A client user's are their client's, whatever `clientId` says; their progress counts what they see. */
    async list(principal: Principal, query: z.output<typeof listProjectsQuery>) {
      const orgId = principal.organizationId
      const page = await listProjects(db, orgId, projectFilter(principal, query), query)
      const progress = await progressOf(db, orgId, principal, {
        projectIds: page.items.map((row) => row.id),
      })
      return mapPage(page, (row) => ({
        ...row,
        progress: progress.get(row.id) ?? NO_PROGRESS,
      }))
    },

    counts: (principal: Principal, query: z.output<typeof projectCountsQuery>) =>
      countProjectsByStatus(db, principal.organizationId, projectFilter(principal, query)),

    get: (principal: Principal, id: string) =>
      getProject(db, principal.organizationId, id, clientScope(principal)),

    async create(principal: Principal, input: z.output<typeof createProjectInput>) {
      const orgId = principal.organizationId
      await assertClient(orgId, input.clientId)
      const id = await insertProject(db, orgId, input, clock())
      return getProject(db, orgId, id)
    },

    /**
     * A project's client can change while nothing was sent to the client's users: the drafts
     * follow (their assignees, the old client's users, are cleared). Once a request was sent, its
     * answers, files and comments belong to that client, so the change is refused (409).
     */
    async update(principal: Principal, id: string, input: z.output<typeof updateProjectInput>) {
      const orgId = principal.organizationId
      if (input.clientId) await assertClient(orgId, input.clientId)
      const now = clock()
      await db.transaction(async (tx) => {
        const current = await lockProject(tx, orgId, id)
        if (input.clientId && input.clientId !== current.clientId) {
          if (await projectHasSentRequests(tx, orgId, id))
            throw new AppError(
              'CONFLICT',
              `Requests of this project were sent to ${current.clientName ?? 'its client'}: its answers, files and comments stay with that client, so the project cannot move to another one. Create a new project for the other client.`,
            )
          await clearProjectAssignees(tx, orgId, id, now)
        }
        await updateProject(tx, orgId, id, input, now)
      })
      return getProject(db, orgId, id)
    },

    /** Only a project without audits (409 otherwise). */
    async remove(principal: Principal, id: string) {
      const orgId = principal.organizationId
      await getProject(db, orgId, id)
      const audits = await countAudits(db, orgId, { projectId: id })
      if (audits > 0) throw stillHasAudits(audits)
      const deleted = await deleteProject(db, orgId, id).catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? stillHasAudits(1) : error
      })
      if (!deleted) throw notFound('Project')
    },
  }
}

import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { fullName } from '@shared/format'
import type {
  Audit,
  AuditDetail,
  AuditListItem,
  createAuditInput,
  listAuditsQuery,
  TeamMember,
  UpdateAuditInput,
  UpdateTeamInput,
} from '@shared/schemas/audits'
import type { SearchPageQuery } from '@shared/schemas/pagination'
import { auditActions, authorize } from '../../access/can'
import { clientScope } from '../../access/audience'
import type { Principal } from '../../access/principal'
import { mapPage } from '../../db/keyset'
import { withIsoDates } from '../../lib/dto'
import { fieldError } from '../../lib/errors'
import { recordActivity } from '../activity/activity.repo'
import { publishChange } from '../events/changes'
import { storageKeysOf } from '../files/files.repo'
import { findProject, getProject } from '../projects/projects.repo'
import { lockRequests } from '../requests/requests.repo'
import { requestsService } from '../requests/requests.service'
import { firmUsers, listFirmPeople } from '../users/users.repo'
import {
  auditPlace,
  deleteAudit,
  findAuditWithClient,
  getAudit,
  insertAudit,
  listAudits,
  lockAudit,
  setTeam,
  teamOf,
  updateAudit,
  type AuditRow,
} from './audits.repo'
import { NO_PROGRESS, progressOf } from './progress.repo'

const person = (user: { id: string; firstName: string; lastName: string; email: string }) =>
  ({ id: user.id, name: fullName(user), email: user.email }) satisfies TeamMember

function toAuditDto(row: AuditRow, principal: Principal): Audit {
  const { leadId, leadFirstName, leadLastName, leadEmail, ...audit } = row
  return {
    ...withIsoDates(audit),
    lead: leadId
      ? person({
          id: leadId,
          firstName: leadFirstName ?? '',
          lastName: leadLastName ?? '',
          email: leadEmail ?? '',
        })
      : null,
    allowedActions: auditActions(principal, audit),
  }
}

/** Audits and their teams: the firm runs them; a client user reads their client's. */
export function auditsService(app: FastifyInstance) {
  const { db, clock } = app
  const requests = requestsService(app)

  async function detail(principal: Principal, id: string): Promise<AuditDetail> {
    const row = await getAudit(db, principal.organizationId, id, clientScope(principal))
    const [team, place] = await Promise.all([
      teamOf(db, id),
      auditPlace(db, principal.organizationId, id),
    ])
    return {
      ...toAuditDto(row, principal),
      ...place,
      members: team.filter((member) => !member.lead).map(person),
    }
  }

  /** The trail of a completion or a reopening, with the audit's name. */
  async function recordLock(
    tx: typeof db,
    principal: Principal,
    audit: { id: string; name: string },
    action: 'audit.completed' | 'audit.reopened',
    now: Date,
  ) {
    const id = audit.id
    await recordActivity(tx, principal, action, audit.name, now, { auditId: id })
    app.log.info({ event: action, auditId: id, userId: principal.userId }, action.replace('.', ' '))
  }

  /** Completes or reopens the audit under its row lock (changes to its requests hold it too). */
  async function setLock(principal: Principal, id: string, action: 'complete' | 'reopen') {
    const orgId = principal.organizationId
    const now = clock()
    const { clientId, name } = await findAuditWithClient(db, orgId, id)
    await db.transaction(async (tx) => {
      authorize(principal, `audit.${action}`, await lockAudit(tx, orgId, id))
      const status = action === 'complete' ? 'completed' : 'in_progress'
      await updateAudit(tx, orgId, id, { status }, now)
      await recordLock(
        tx,
        principal,
        { id, name },
        action === 'complete' ? 'audit.completed' : 'audit.reopened',
        now,
      )
      await publishChange(tx, {
        organizationId: orgId,
        clientId,
        topics: [`audit:${id}`, 'my-requests'],
      })
    })
    return detail(principal, id)
  }

  /** Every id must be one of the firm's people (admins, staff) of the company. */
  async function assertFirmUsers(orgId: string, input: UpdateTeamInput) {
    const ids = [...new Set([...(input.leadId ? [input.leadId] : []), ...input.memberIds])]
    const found = new Set(
      ids.length > 0 ? (await firmUsers(db, orgId, ids)).map((user) => user.id) : [],
    )
    if (input.leadId && !found.has(input.leadId))
      throw fieldError('leadId', 'The lead must be one of the firm’s people (an admin or staff)')
    if (input.memberIds.some((id) => !found.has(id)))
      throw fieldError('memberIds', 'Team members must be the firm’s people (admins or staff)')
  }

  return {
    async list(principal: Principal, query: z.output<typeof listAuditsQuery>) {
      const orgId = principal.organizationId
      await getProject(db, orgId, query.projectId, clientScope(principal))
      const page = await listAudits(db, orgId, query.projectId, query)
      const progress = await progressOf(db, orgId, principal, {
        auditIds: page.items.map((row) => row.id),
      })
      return mapPage(page, (row): AuditListItem => ({
        ...toAuditDto(row, principal),
        progress: progress.get(row.id) ?? NO_PROGRESS,
      }))
    },

    get: detail,

    /** Led by its creator; with a template, it starts with one draft per item, in one transaction. */
    async create(principal: Principal, input: z.output<typeof createAuditInput>) {
      const orgId = principal.organizationId
      const { templateId, ...values } = input
      if (!(await findProject(db, orgId, values.projectId)))
        throw fieldError('projectId', 'Project not found')
      const items = templateId ? await requests.templateItems(principal, templateId) : []
      const insert = async () => {
        const now = clock()
        return db.transaction(async (tx) => {
          const created = await insertAudit(tx, orgId, values, now)
          await setTeam(tx, orgId, created, { leadId: principal.userId, memberIds: [] }, now)
          await requests.insertFromItems(tx, principal, created, items, now)
          return created
        })
      }
      // Hundreds of drafts from a template: heavy work, in the firm's turn.
      const id = items.length > 0 ? await app.heavyWork.run(orgId, insert) : await insert()
      return detail(principal, id)
    },

    /**
     * Changes its details; a status of `completed` completes it (as complete() does). Nothing
     * changes while it is completed (409): an admin reopens it first.
     */
    async update(principal: Principal, id: string, input: UpdateAuditInput) {
      const orgId = principal.organizationId
      const now = clock()
      const { clientId, name } = await findAuditWithClient(db, orgId, id)
      await db.transaction(async (tx) => {
        const audit = await lockAudit(tx, orgId, id)
        authorize(principal, 'audit.edit', audit)
        const completing = input.status === 'completed'
        if (completing) authorize(principal, 'audit.complete', audit)
        await updateAudit(tx, orgId, id, input, now)
        if (completing)
          await recordLock(tx, principal, { id, name: input.name ?? name }, 'audit.completed', now)
        await publishChange(tx, {
          organizationId: orgId,
          clientId,
          topics: [`audit:${id}`, 'my-requests'],
        })
      })
      return detail(principal, id)
    },

    /** Locks it: no edits, uploads, submissions or comments until an admin reopens it. */
    complete: (principal: Principal, id: string) => setLock(principal, id, 'complete'),

    /** An admin's: unlocks a completed audit, back in progress. */
    reopen: (principal: Principal, id: string) => setLock(principal, id, 'reopen'),

    /** The stored files go after the rows: their keys are read (and locked) in the same transaction. */
    async remove(principal: Principal, id: string) {
      const orgId = principal.organizationId
      const { clientId } = await findAuditWithClient(db, orgId, id)
      const keys = await db.transaction(async (tx) => {
        // The audit first, as moves and additions take it, so that neither waits for the other.
        authorize(principal, 'audit.delete', await lockAudit(tx, orgId, id))
        const locked = await lockRequests(tx, orgId, { auditId: id })
        const found = await storageKeysOf(
          tx,
          locked.map((request) => request.id),
        )
        await deleteAudit(tx, orgId, id)
        await publishChange(tx, {
          organizationId: orgId,
          clientId,
          topics: [`audit:${id}`, 'my-requests'],
        })
        return found
      })
      await app.storage.delete(keys)
    },

    async updateTeam(principal: Principal, id: string, input: UpdateTeamInput) {
      const orgId = principal.organizationId
      const audit = await getAudit(db, orgId, id)
      await assertFirmUsers(orgId, input)
      const now = clock()
      await db.transaction(async (tx) => {
        authorize(principal, 'audit.edit_team', await lockAudit(tx, orgId, id))
        await setTeam(tx, orgId, id, input, now)
        await recordActivity(tx, principal, 'audit.team_changed', audit.name, now, {
          auditId: id,
        })
        await publishChange(tx, { organizationId: orgId, clientId: null, topics: [`audit:${id}`] })
      })
      return detail(principal, id)
    },

    async teamCandidates(principal: Principal, id: string, query: SearchPageQuery) {
      await getAudit(db, principal.organizationId, id)
      return mapPage(await listFirmPeople(db, principal.organizationId, query), person)
    },
  }
}

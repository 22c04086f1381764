import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { addDays, fullName } from '@shared/format'
import {
  AUDIT_STATUS_LABELS,
  type Audit,
  type AuditDetail,
  type AuditListItem,
  type AuditStatus,
  type createAuditInput,
  type listAuditsQuery,
  type RollForwardPreview,
  type rollForwardInput,
  type TeamMember,
  type UpdateAuditInput,
  type UpdateTeamInput,
} from '@shared/schemas/audits'
import { remindersState, type FieldChange } from '@shared/schemas/dashboard'
import type { SearchPageQuery } from '@shared/schemas/pagination'
import { auditActions, authorize } from '../../access/can'
import { clientScope } from '../../access/audience'
import type { Principal } from '../../access/principal'
import { mapPage } from '../../db/keyset'
import { groupBy } from '../../lib/group-by'
import { withIsoDates } from '../../lib/dto'
import { fieldError } from '../../lib/errors'
import { emit, type AuditEvent } from '../events/domain-events'
import { storageKeysOf } from '../files/files.repo'
import { findProject, getProject } from '../projects/projects.repo'
import { lockRequests, requestsToCopy } from '../requests/requests.repo'
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

/** What an edit changes on an audit, field by field, from what to what (as the trail keeps it). */
function auditChanges(
  before: {
    name: string
    description: string | null
    dueDate: string | null
    status: AuditStatus
    remindersPaused: boolean
  },
  edit: UpdateAuditInput,
): FieldChange[] {
  const changes: FieldChange[] = []
  if (edit.name !== undefined && edit.name !== before.name)
    changes.push({ field: 'name', from: before.name, to: edit.name })
  if (edit.description !== undefined && edit.description !== before.description)
    changes.push({ field: 'description', from: before.description, to: edit.description })
  if (edit.dueDate !== undefined && edit.dueDate !== before.dueDate)
    changes.push({ field: 'dueDate', from: before.dueDate, to: edit.dueDate })
  if (edit.status !== undefined && edit.status !== before.status)
    changes.push({
      field: 'status',
      from: AUDIT_STATUS_LABELS[before.status],
      to: AUDIT_STATUS_LABELS[edit.status],
    })
  if (edit.remindersPaused !== undefined && edit.remindersPaused !== before.remindersPaused)
    changes.push({
      field: 'reminders',
      from: remindersState(before.remindersPaused),
      to: remindersState(edit.remindersPaused),
    })
  return changes
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

  /** Writes the audit's events (events/domain-events.ts) and logs them. */
  async function emitAudit(tx: typeof db, principal: Principal, events: AuditEvent[], now: Date) {
    await emit(app, tx, principal, events, now)
    for (const { type, audit } of events)
      app.log.info(
        { event: type, auditId: audit.id, userId: principal.userId },
        type.replace('.', ' '),
      )
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
      const type = action === 'complete' ? 'audit.completed' : 'audit.reopened'
      await emitAudit(tx, principal, [{ type, audit: { id, name, clientId } }], now)
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

  /** The source audit and its requests as they would be copied; 400 on a project of another client. */
  async function rollForwardPlan(
    principal: Principal,
    id: string,
    input: z.output<typeof rollForwardInput>,
  ) {
    const orgId = principal.organizationId
    const audit = await getAudit(db, orgId, id)
    const { client } = await auditPlace(db, orgId, id)
    authorize(principal, 'audit.roll_forward', audit)
    const project = await findProject(db, orgId, input.projectId)
    if (!project) throw fieldError('projectId', 'Project not found')
    if (project.clientId !== client.id)
      throw fieldError('projectId', `Choose a project of ${client.name}, the audit’s client`)
    const rows = await requestsToCopy(db, orgId, id, client.id)
    return {
      source: {
        description: audit.description,
        dueDate: audit.dueDate,
        clientId: client.id,
        clientName: client.name,
      },
      copies: rows.map((row) => ({
        previousRequestId: input.linkPrevious && row.status === 'accepted' ? row.id : null,
        title: row.title,
        description: row.description,
        section: row.section,
        reference: row.reference,
        documentRequired: row.documentRequired,
        responseRequired: row.responseRequired,
        answerType: row.answerType,
        choices: row.choices,
        dueDate: row.dueDate ? addDays(row.dueDate, input.shiftDays) : null,
        assignee: row.assigneeId
          ? {
              id: row.assigneeId,
              name: fullName({
                firstName: row.assigneeFirstName ?? '',
                lastName: row.assigneeLastName ?? '',
              }),
              kept: row.assigneeStillClient,
            }
          : null,
      })),
    }
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

    /** What a roll-forward would copy: nothing is written. */
    async rollForwardPreview(
      principal: Principal,
      id: string,
      input: z.output<typeof rollForwardInput>,
    ): Promise<RollForwardPreview> {
      const { source, copies } = await rollForwardPlan(principal, id, input)
      const dues = copies.flatMap((copy) => (copy.dueDate ? [copy.dueDate] : [])).sort()
      const byAssignee = groupBy(
        copies.filter((copy) => copy.assignee !== null),
        (copy) => copy.assignee!.id,
      )
      return {
        requests: copies.length,
        sections: [...groupBy(copies, (copy) => copy.section).entries()].map(([name, ofOne]) => ({
          name,
          requests: ofOne.length,
        })),
        dueDate: source.dueDate ? addDays(source.dueDate, input.shiftDays) : null,
        firstDue: dues[0] ?? null,
        lastDue: dues.at(-1) ?? null,
        withoutDueDate: copies.length - dues.length,
        assignees: [...byAssignee.values()].map((ofOne) => {
          const { name, kept } = ofOne[0]!.assignee!
          return {
            name,
            requests: ofOne.length,
            kept,
            reason: kept ? null : `No longer a client user of ${source.clientName}`,
          }
        }),
      }
    },

    /**
     * Next period's audit from this one, led by the caller: every request as a draft in its
     * order, assignees kept while still client users of the client, dates moved; one transaction.
     */
    async rollForward(principal: Principal, id: string, input: z.output<typeof rollForwardInput>) {
      const orgId = principal.organizationId
      const { source, copies } = await rollForwardPlan(principal, id, input)
      const created = await app.heavyWork.run(orgId, () => {
        const now = clock()
        return db.transaction(async (tx) => {
          const values = {
            name: input.name,
            description: source.description,
            projectId: input.projectId,
            status: 'in_progress' as const,
            dueDate: source.dueDate ? addDays(source.dueDate, input.shiftDays) : null,
          }
          const newId = await insertAudit(tx, orgId, values, now)
          await setTeam(tx, orgId, newId, { leadId: principal.userId, memberIds: [] }, now)
          const audit = { id: newId, name: input.name, clientId: source.clientId }
          await emitAudit(tx, principal, [{ type: 'audit.created', audit }], now)
          await requests.insertDrafts(
            tx,
            principal,
            audit,
            copies.map(({ assignee, ...copy }) => ({
              ...copy,
              assigneeId: assignee?.kept ? assignee.id : null,
            })),
            now,
          )
          return newId
        })
      })
      app.log.info(
        { event: 'audit.rolled_forward', from: id, auditId: created, requests: copies.length },
        'audit rolled forward',
      )
      return detail(principal, created)
    },

    /** Led by its creator; with a template, it starts with one draft per item, in one transaction. */
    async create(principal: Principal, input: z.output<typeof createAuditInput>) {
      const orgId = principal.organizationId
      const { templateId, ...values } = input
      const project = await findProject(db, orgId, values.projectId)
      if (!project) throw fieldError('projectId', 'Project not found')
      const items = templateId ? await requests.templateItems(principal, templateId) : []
      const insert = async () => {
        const now = clock()
        return db.transaction(async (tx) => {
          const created = await insertAudit(tx, orgId, values, now)
          await setTeam(tx, orgId, created, { leadId: principal.userId, memberIds: [] }, now)
          const audit = { id: created, name: values.name, clientId: project.clientId }
          await emitAudit(tx, principal, [{ type: 'audit.created', audit }], now)
          await requests.insertFromItems(
            tx,
            principal,
            { id: created, clientId: project.clientId, dueDate: values.dueDate },
            items,
            now,
          )
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
      const { clientId } = await findAuditWithClient(db, orgId, id)
      await db.transaction(async (tx) => {
        const audit = await lockAudit(tx, orgId, id)
        authorize(principal, 'audit.edit', audit)
        const completing = input.status === 'completed' && audit.status !== 'completed'
        if (completing) authorize(principal, 'audit.complete', audit)
        await updateAudit(tx, orgId, id, input, now)
        const after = { id, name: input.name ?? audit.name, clientId }
        const changes = auditChanges(audit, completing ? { ...input, status: undefined } : input)
        await emitAudit(
          tx,
          principal,
          [
            ...(changes.length > 0
              ? [{ type: 'audit.updated' as const, audit: after, changes }]
              : []),
            ...(completing ? [{ type: 'audit.completed' as const, audit: after }] : []),
          ],
          now,
        )
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
        const audit = await lockAudit(tx, orgId, id)
        authorize(principal, 'audit.delete', audit)
        const locked = await lockRequests(tx, orgId, { auditId: id })
        const found = await storageKeysOf(
          tx,
          locked.map((request) => request.id),
        )
        // Before the delete, which its event outlives (decision 034).
        await emitAudit(
          tx,
          principal,
          [{ type: 'audit.deleted', audit: { id, name: audit.name, clientId } }],
          clock(),
        )
        await deleteAudit(tx, orgId, id)
        return found
      })
      await app.storage.delete(keys)
    },

    async updateTeam(principal: Principal, id: string, input: UpdateTeamInput) {
      const orgId = principal.organizationId
      const audit = await findAuditWithClient(db, orgId, id)
      await assertFirmUsers(orgId, input)
      const now = clock()
      await db.transaction(async (tx) => {
        authorize(principal, 'audit.edit_team', await lockAudit(tx, orgId, id))
        await setTeam(tx, orgId, id, input, now)
        await emitAudit(
          tx,
          principal,
          [
            {
              type: 'audit.team_changed',
              audit: { id, name: audit.name, clientId: audit.clientId },
            },
          ],
          now,
        )
      })
      return detail(principal, id)
    },

    async teamCandidates(principal: Principal, id: string, query: SearchPageQuery) {
      await getAudit(db, principal.organizationId, id)
      return mapPage(await listFirmPeople(db, principal.organizationId, query), person)
    },
  }
}

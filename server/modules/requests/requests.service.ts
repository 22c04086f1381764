import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type {
  BulkUpdateRequestsInput,
  createRequestInput,
  RequestStatus,
  UpdateRequestInput,
} from '@shared/schemas/requests'
import { AppError } from '../../lib/errors'
import { mails } from '../../mail/templates'
import { fullName, recordActivity, requestActivity } from '../activity/activity.repo'
import { lockStorageKeys } from '../files/files.repo'
import type { SessionUser } from '../auth/sessions.repo'
import {
  checkTransition,
  DELETABLE,
  editableStatuses,
  refusedDeleteMessage,
  refusedEditMessage,
  refusedMessage,
  requestLabel,
  TRANSITIONS,
  type RequestTransition,
} from './request-state'
import {
  assertAssignee,
  clientRequestRows,
  deleteIfStatus,
  eligibleAssignees,
  findAudit,
  findRequest,
  findRequestsByIds,
  insertComment,
  insertRequest,
  insertRequestsFromItems,
  insertVersion,
  listComments,
  listRequestRows,
  listVersions,
  lockAuditClient,
  markLatestVersionReturned,
  markSent,
  pendingFileCount,
  templateItemsFor,
  toRequestDto,
  updateIfStatus,
  type RequestChanges,
  type RequestRow,
} from './requests.repo'
import type { RequestScope } from './visibility'

const scopeOf = (user: SessionUser): RequestScope =>
  user.role === 'admin' ? {} : { clientId: user.clientId ?? forbidden() }

function forbidden(): never {
  throw new AppError('FORBIDDEN', 'You do not have permission to do this')
}

function groupBy<T, K>(items: T[], key: (item: T) => K) {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

const noDocument = () =>
  new AppError(
    'VALIDATION',
    'This request requires a document: attach at least one file before submitting',
    [{ path: 'files', message: 'Attach at least one file' }],
  )

/** Audit requests: the drafts the firm prepares, what it sends, and the client's answers. */
export function requestsService(app: FastifyInstance) {
  const { db, clock, config, mailer, log } = app
  const { maxRequestsPerAudit: maxPerAudit } = config.limits

  async function dto(orgId: string, id: string, now: Date, scope: RequestScope = {}) {
    return toRequestDto(await findRequest(db, orgId, id, scope), now)
  }

  /** After a refused conditional write: 404 if the request is gone, else 409 naming its status. */
  async function refused(orgId: string, id: string, message: (status: RequestStatus) => string) {
    const current = await findRequest(db, orgId, id)
    return new AppError('CONFLICT', message(current.status))
  }

  function assertTransition(transition: RequestTransition, user: SessionUser, row: RequestRow) {
    const check = checkTransition(transition, user.role, row.status)
    if (!check.ok)
      throw new AppError(check.refusal === 'forbidden' ? 'FORBIDDEN' : 'CONFLICT', check.message)
  }

  /**
   * Moves one request along the state machine: `write` runs in a transaction after the status
   * moved (conditionally), then the event is logged in the same transaction.
   */
  async function transition(
    user: SessionUser,
    id: string,
    name: RequestTransition,
    options: {
      validate?: (row: RequestRow) => Promise<void> | void
      set?: (now: Date) => RequestChanges
      write?: (tx: typeof db, row: RequestRow, now: Date) => Promise<void>
    } = {},
  ) {
    const orgId = user.organizationId
    const scope = scopeOf(user)
    const row = await findRequest(db, orgId, id, scope)
    assertTransition(name, user, row)
    await options.validate?.(row)
    const now = clock()
    const rule = TRANSITIONS[name]
    const moved = await db.transaction(async (tx) => {
      const updated = await updateIfStatus(tx, orgId, id, rule.from, {
        status: rule.to,
        updatedAt: now,
        ...options.set?.(now),
      })
      if (!updated) return false
      await options.write?.(tx, row, now)
      await recordActivity(tx, orgId, user, `request.${rule.to}`, requestLabel(row), now, {
        requestId: id,
      })
      return true
    })
    // Someone else moved it first (read after the transaction: PGlite has one connection).
    if (!moved) throw await refused(orgId, id, (status) => refusedMessage(name, status))
    log.info({ event: `request.${rule.to}`, requestId: id, userId: user.id }, `request ${rule.to}`)
    return dto(orgId, id, now, scope)
  }

  return {
    async list(user: SessionUser, auditId: string) {
      const now = clock()
      const rows = await listRequestRows(db, user.organizationId, auditId, scopeOf(user))
      const requests = rows.map((row) => toRequestDto(row, now))
      const counted = requests.filter((r) => r.status !== 'not_applicable')
      return {
        progress: {
          accepted: counted.filter((r) => r.status === 'accepted').length,
          total: counted.length,
        },
        requests,
      }
    },

    async get(user: SessionUser, id: string) {
      const orgId = user.organizationId
      const scope = scopeOf(user)
      const row = await findRequest(db, orgId, id, scope)
      const detail = {
        ...toRequestDto(row, clock()),
        auditName: row.auditName,
        versions: await listVersions(db, id),
        history: await requestActivity(db, orgId, id),
      }
      // Internal notes are the firm's: the key itself is absent for client users.
      return scope.clientId
        ? detail
        : { ...detail, internalNotes: await listComments(db, orgId, id, { internal: true }) }
    },

    async create(orgId: string, auditId: string, input: z.output<typeof createRequestInput>) {
      const audit = await findAudit(db, orgId, auditId)
      if (input.assigneeId) await assertAssignee(db, orgId, audit.clientId, input.assigneeId)
      const now = clock()
      const id = await db.transaction((tx) =>
        insertRequest(tx, orgId, auditId, input, now, maxPerAudit),
      )
      return dto(orgId, id, now)
    },

    async addFromTemplate(orgId: string, auditId: string, templateId: string) {
      await findAudit(db, orgId, auditId)
      const items = await templateItemsFor(db, orgId, templateId)
      const now = clock()
      const ids = await db.transaction((tx) =>
        insertRequestsFromItems(tx, orgId, auditId, items, now, maxPerAudit),
      )
      const rows = await findRequestsByIds(db, orgId, ids)
      return rows.map((row) => toRequestDto(row, now))
    },

    async update(orgId: string, id: string, input: UpdateRequestInput) {
      const fields = Object.keys(input).filter(
        (key) => input[key as keyof UpdateRequestInput] !== undefined,
      )
      const row = await findRequest(db, orgId, id)
      if (fields.length === 0) return toRequestDto(row, clock())
      if (input.assigneeId) await assertAssignee(db, orgId, row.clientId, input.assigneeId)
      if (input.assigneeId === null && row.status !== 'draft')
        throw new AppError('VALIDATION', 'A sent request needs an assignee', [
          { path: 'assigneeId', message: 'A sent request needs an assignee' },
        ])
      const { assigneeId, ...rest } = input
      const now = clock()
      const allowed = editableStatuses(fields)
      const changed = await updateIfStatus(db, orgId, id, allowed, {
        ...rest,
        ...(assigneeId === undefined ? {} : { assigneeUserId: assigneeId }),
        updatedAt: now,
      })
      if (!changed) throw await refused(orgId, id, (status) => refusedEditMessage(fields, status))
      return dto(orgId, id, now)
    },

    /** The single PATCH's rules for assignee and due date, on several requests: all or nothing. */
    async bulkUpdate(orgId: string, auditId: string, input: BulkUpdateRequestsInput) {
      const { requestIds, assigneeId, dueDate } = input
      const fields = [
        ...(assigneeId === undefined ? [] : ['assigneeId']),
        ...(dueDate === undefined ? [] : ['dueDate']),
      ]
      if (fields.length === 0)
        throw new AppError('VALIDATION', 'Choose an assignee or a due date to set', [
          { path: 'assigneeId', message: 'Choose an assignee or a due date to set' },
        ])
      const audit = await findAudit(db, orgId, auditId)
      const wanted = new Set(requestIds)
      const chosen = (await listRequestRows(db, orgId, auditId, {})).filter((row) =>
        wanted.has(row.id),
      )
      if (chosen.length !== wanted.size)
        throw new AppError('VALIDATION', 'Some of these requests are not in this audit', [
          { path: 'requestIds', message: 'Some of these requests are not in this audit' },
        ])
      if (assigneeId) await assertAssignee(db, orgId, audit.clientId, assigneeId)
      const sent = chosen.find((row) => row.status !== 'draft')
      if (assigneeId === null && sent)
        throw new AppError(
          'VALIDATION',
          `${requestLabel(sent)}: a sent request needs an assignee`,
          [{ path: 'assigneeId', message: 'A sent request needs an assignee' }],
        )
      const allowed = editableStatuses(fields)
      const frozen = chosen.find((row) => !allowed.includes(row.status))
      if (frozen)
        throw new AppError(
          'CONFLICT',
          `${requestLabel(frozen)}: ${refusedEditMessage(fields, frozen.status)}`,
        )
      const now = clock()
      await db.transaction(async (tx) => {
        for (const row of chosen) {
          const changed = await updateIfStatus(tx, orgId, row.id, allowed, {
            ...(dueDate === undefined ? {} : { dueDate }),
            ...(assigneeId === undefined ? {} : { assigneeUserId: assigneeId }),
            updatedAt: now,
          })
          if (!changed)
            throw new AppError(
              'CONFLICT',
              'Some of these requests changed in the meantime: reload the audit and try again',
            )
        }
      })
      const rows = await findRequestsByIds(db, orgId, [...wanted])
      return rows.map((row) => toRequestDto(row, now))
    },

    async remove(orgId: string, id: string) {
      await findRequest(db, orgId, id)
      // Drafts have no files; the keys are read anyway so that no delete path can leave any behind.
      const keys = await db.transaction(async (tx) => {
        const found = await lockStorageKeys(tx, orgId, { requestId: id })
        return (await deleteIfStatus(tx, orgId, id, DELETABLE)) ? found : null
      })
      if (!keys) throw await refused(orgId, id, refusedDeleteMessage)
      await app.storage.delete(keys)
    },

    /** Sends the given drafts (or all of the audit's) and mails each assignee one list. */
    async send(user: SessionUser, auditId: string, requestIds: string[] | undefined) {
      const orgId = user.organizationId
      const audit = await findAudit(db, orgId, auditId)
      const all = await listRequestRows(db, orgId, auditId, {})
      let chosen: RequestRow[]
      if (requestIds) {
        const wanted = new Set(requestIds)
        chosen = all.filter((row) => wanted.has(row.id))
        if (chosen.length !== wanted.size)
          throw new AppError('VALIDATION', 'Some of these requests are not in this audit', [
            { path: 'requestIds', message: 'Some of these requests are not in this audit' },
          ])
        const notDraft = chosen.find((row) => row.status !== 'draft')
        if (notDraft)
          throw new AppError(
            'CONFLICT',
            `${requestLabel(notDraft)}: ${refusedMessage('send', notDraft.status)}`,
          )
      } else {
        chosen = all.filter((row) => row.status === 'draft')
        if (chosen.length === 0)
          throw new AppError('CONFLICT', 'This audit has no draft requests to send')
      }
      const assignees = await eligibleAssignees(db, orgId, audit.clientId, [
        ...new Set(chosen.flatMap((row) => (row.assigneeId ? [row.assigneeId] : []))),
      ])
      const unassigned = chosen.filter((row) => !row.assigneeId || !assignees.has(row.assigneeId))
      if (unassigned.length > 0)
        throw new AppError(
          'VALIDATION',
          `Assign ${unassigned.length === 1 ? 'this request' : 'these requests'} to a client user before sending: ${unassigned.map(requestLabel).join(', ')}`,
          unassigned.map((row) => ({
            path: `requests.${row.id}.assigneeId`,
            message: `${requestLabel(row)} needs an assignee`,
          })),
        )
      for (const row of chosen) assertTransition('send', user, row)
      const now = clock()
      const ids = chosen.map((row) => row.id)
      await db.transaction(async (tx) => {
        if ((await lockAuditClient(tx, orgId, auditId)) !== audit.clientId)
          throw new AppError(
            'CONFLICT',
            'This audit’s project moved to another client in the meantime: reload the audit and send again',
          )
        const sent = await markSent(tx, orgId, ids, now)
        if (sent.length !== ids.length)
          throw new AppError(
            'CONFLICT',
            'Some of these requests changed in the meantime: reload the audit and send again',
          )
        for (const row of chosen)
          await recordActivity(tx, orgId, user, 'request.sent', requestLabel(row), now, {
            requestId: row.id,
          })
      })
      const byAssignee = groupBy(chosen, (row) => row.assigneeId!)
      for (const [assigneeId, rows] of byAssignee) {
        const to = assignees.get(assigneeId)!
        mailer.send(
          mails.requestsSent(to.email, {
            firstName: to.firstName,
            senderName: fullName(user),
            auditName: audit.name,
            requests: rows.map((row) => ({ title: requestLabel(row), dueDate: row.dueDate })),
            url: `${config.appUrl}/my-requests`,
          }),
        )
      }
      log.info({ event: 'request.sent', auditId, count: ids.length }, 'requests sent')
      const rows = await findRequestsByIds(db, orgId, ids)
      return rows.map((row) => toRequestDto(row, now))
    },

    submit: (user: SessionUser, id: string, response: string | null) =>
      transition(user, id, 'submit', {
        async validate(row) {
          if (row.responseRequired && !response)
            throw new AppError('VALIDATION', 'This request requires a written response', [
              { path: 'response', message: 'This request requires a written response' },
            ])
          if (row.documentRequired && (await pendingFileCount(db, id)) === 0) throw noDocument()
        },
        async write(tx, row, now) {
          // Again under the request's row lock, which a file removal also takes.
          if (row.documentRequired && (await pendingFileCount(tx, id)) === 0) throw noDocument()
          await insertVersion(tx, id, { response, by: { id: user.id, name: fullName(user) } }, now)
        },
        set: (now) => ({ submittedAt: now }),
      }),

    accept: (user: SessionUser, id: string) =>
      transition(user, id, 'accept', { set: (now) => ({ acceptedAt: now }) }),

    return: (user: SessionUser, id: string, reason: string) =>
      transition(user, id, 'return', {
        write: (tx, _row, now) =>
          markLatestVersionReturned(
            tx,
            id,
            { reason, by: { id: user.id, name: fullName(user) } },
            now,
          ),
      }),

    notApplicable: (user: SessionUser, id: string, reason: string) =>
      transition(user, id, 'not_applicable', { set: () => ({ notApplicableReason: reason }) }),

    async comments(user: SessionUser, id: string) {
      const scope = scopeOf(user)
      await findRequest(db, user.organizationId, id, scope)
      // Client users never receive internal notes.
      return listComments(db, user.organizationId, id, scope.clientId ? { internal: false } : {})
    },

    async comment(user: SessionUser, id: string, input: { body: string; internal: boolean }) {
      if (input.internal && user.role !== 'admin')
        throw new AppError('FORBIDDEN', 'Only the firm’s staff can write internal notes')
      await findRequest(db, user.organizationId, id, scopeOf(user))
      return insertComment(
        db,
        user.organizationId,
        id,
        { ...input, author: { id: user.id, name: fullName(user) } },
        clock(),
      )
    },

    /** A client user's requests, grouped by audit; overdue ones first in each group and overall. */
    async mine(user: SessionUser) {
      if (user.role !== 'client' || !user.clientId)
        throw new AppError('FORBIDDEN', 'My requests is for client users')
      const now = clock()
      const rows = await clientRequestRows(db, user.organizationId, user.clientId)
      const groups = groupBy(rows, (row) => row.auditId)
      const byUrgency = (
        a: { overdue: boolean; dueDate: string | null; number: number },
        b: typeof a,
      ) =>
        Number(b.overdue) - Number(a.overdue) ||
        (a.dueDate ?? '9999-99-99').localeCompare(b.dueDate ?? '9999-99-99') ||
        a.number - b.number
      return [...groups.values()]
        .map((auditRows) => {
          const first = auditRows[0]!
          const requests = auditRows.map((row) => toRequestDto(row, now)).sort(byUrgency)
          return {
            audit: {
              id: first.auditId,
              name: first.auditName,
              dueDate: first.auditDueDate,
              projectId: first.projectId,
              projectName: first.projectName,
            },
            requests,
          }
        })
        .sort(
          (a, b) =>
            byUrgency({ ...a.requests[0]!, number: 0 }, { ...b.requests[0]!, number: 0 }) ||
            a.audit.name.localeCompare(b.audit.name) ||
            a.audit.id.localeCompare(b.audit.id),
        )
    },
  }
}

export type RequestsService = ReturnType<typeof requestsService>

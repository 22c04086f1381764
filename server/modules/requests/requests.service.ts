import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { RequestAction } from '@shared/access'
import { remindersState, type FieldChange } from '@shared/schemas/dashboard'
import type { AnswerType, Signature } from '@shared/schemas/answers'
import {
  AWAITING_CLIENT,
  REQUEST_RULES,
  refusedMessage,
  requestLabel,
  SET_ASIDE,
  statusText,
  type RequestTransition,
} from '@shared/request-rules'
import type { MoveSectionInput } from '@shared/schemas/templates'
import type {
  ClientAsk,
  RequestListQuery,
  BulkActionInput,
  BulkActionReply,
  BulkUpdateRequestsInput,
  createRequestInput,
  UpdateRequestInput,
} from '@shared/schemas/requests'
import { REQUEST_STATUSES, type RequestStatus } from '@shared/schemas/requests'
import { addDays, calendarDay, fullName } from '@shared/format'
import { authorize, can, decide } from '../../access/can'
import { clientScope } from '../../access/audience'
import { isFirm, type Principal } from '../../access/principal'
import { AppError, fieldError, notFound } from '../../lib/errors'
import { sectionMove } from '../../lib/section-move'
import { groupBy } from '../../lib/group-by'
import { requestActivity } from '../activity/activity.repo'
import { NO_PROGRESS, progressOf } from '../audits/progress.repo'
import {
  auditPlace,
  claimRequestNumbers,
  findAuditWithClient,
  lockAudit,
  lockAuditClient,
} from '../audits/audits.repo'
import {
  countPendingFiles,
  filesOfRequest,
  pendingFiles,
  storageKeysOf,
  submittedFileCounts,
} from '../files/files.repo'
import { itemsToCopy } from '../template-items/template-items.repo'
import { findTemplate } from '../templates/templates.repo'
import { clientUsers } from '../users/users.repo'
import { emit, requestFacts, type RequestEvent } from '../events/domain-events'
import type { RequestFacts } from '../notifications/notify'
import { remindService } from '../reminders/remind-now'
import {
  answersInProgress,
  deleteAnswerDrafts,
  findAnswerDraft,
  saveAnswerDraft,
} from './answer-drafts.repo'
import { insertComment, listComments } from './comments.repo'
import { keyBetween, keysAfter, keysBetween, MAX_KEY_LENGTH } from './order-keys'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { toRequestDto, toVersionDtos } from './request-dto'
import {
  holdAudits,
  auditRequestsPage,
  auditOrder,
  auditSections,
  statusCounts,
  clientRequestsPage,
  countAuditRequests,
  deleteIfStatus,
  findRequest,
  findRequestsByIds,
  insertRequests,
  lastKey,
  placeDrafts,
  placementFacts,
  auditRequestsInBatches,
  lockRequests,
  respaceKeys,
  updateIfStatus,
  rewriteIfStatus,
  type PlannedFields,
  type RequestRewrite,
  type NewRequest,
  type RequestChanges,
  type RequestRow,
} from './requests.repo'
import {
  answerTypeText,
  checkedAnswer,
  editedAnswerType,
  needsDocument,
  statementSha256,
  type SubmitAnswer,
  type SubmitOrigin,
} from './answers'
import { listVersions, markLatestVersionReturned, submitVersion } from './versions.repo'

const assigneeName = (row: RequestRow) =>
  row.assigneeId && row.assigneeFirstName !== null
    ? fullName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName ?? '' })
    : null

/** What an edit changes on a request, field by field, from what to what (as the trail keeps it). */
function fieldChanges(
  row: RequestRow,
  edit: {
    title?: string | undefined
    description?: string | null | undefined
    section?: string | null | undefined
    reference?: string | null | undefined
    answerType?: AnswerType | undefined
    choices?: string[] | null | undefined
    dueDate?: string | null | undefined
    assignee?: { id: string; name: string } | null | undefined
    remindersPaused?: boolean | undefined
  },
): FieldChange[] {
  const changes: FieldChange[] = []
  if (edit.title !== undefined && edit.title !== row.title)
    changes.push({ field: 'title', from: row.title, to: edit.title })
  if (edit.description !== undefined && edit.description !== row.description)
    changes.push({ field: 'description', from: row.description, to: edit.description })
  if (edit.section !== undefined && edit.section !== row.section)
    changes.push({ field: 'section', from: row.section, to: edit.section })
  if (edit.reference !== undefined && edit.reference !== row.reference)
    changes.push({ field: 'reference', from: row.reference, to: edit.reference })
  if (edit.answerType !== undefined || edit.choices !== undefined) {
    const from = answerTypeText(row.answerType, row.choices)
    const to = answerTypeText(
      edit.answerType ?? row.answerType,
      edit.choices === undefined ? row.choices : edit.choices,
    )
    if (from !== to) changes.push({ field: 'answerType', from, to })
  }
  if (edit.dueDate !== undefined && edit.dueDate !== row.dueDate)
    changes.push({ field: 'dueDate', from: row.dueDate, to: edit.dueDate })
  if (edit.assignee !== undefined && (edit.assignee?.id ?? null) !== row.assigneeId)
    changes.push({ field: 'assignee', from: assigneeName(row), to: edit.assignee?.name ?? null })
  if (edit.remindersPaused !== undefined && edit.remindersPaused !== row.remindersPaused)
    changes.push({
      field: 'reminders',
      from: remindersState(row.remindersPaused),
      to: remindersState(edit.remindersPaused),
    })
  return changes
}

/** A draft as a spreadsheet's row gives it, its assignee named for the trail. */
export interface ImportedDraft extends PlannedFields {
  assigneeId: string | null
  assignee: { id: string; name: string } | null
}

/** A comment as the trail quotes it. */
const excerpt = (body: string) => (body.length > 300 ? `${body.slice(0, 300)}…` : body)

/** Someone else changed the request first: its delete (and the event recorded) rolls back. */
class DeleteRefused extends Error {}

/** One `request.updated` per request the edit changes, with what it changed. */
function updateEvents(
  rows: RequestRow[],
  edit: Parameters<typeof fieldChanges>[1],
): RequestEvent[] {
  return rows.flatMap((row) => {
    const changes = fieldChanges(row, edit)
    return changes.length > 0
      ? [{ type: 'request.updated' as const, request: requestFacts(row), changes }]
      : []
  })
}

const noDocument = () =>
  new AppError(
    'VALIDATION',
    'This request requires a document: attach at least one file before submitting',
    [{ path: 'files', message: 'Attach at least one file' }],
  )

const notInAudit = () => fieldError('requestIds', 'Some of these requests are not in this audit')

const changedMeanwhile = (then: string) =>
  new AppError(
    'CONFLICT',
    `Some of these requests changed in the meantime: reload the audit and ${then}`,
  )

const invalidAssignee = () =>
  fieldError('assigneeId', 'The assignee must be a client user of this audit’s client')

const grouped = (n: number) => n.toLocaleString('en-US')

/** What a bulk action leaves as it is: requests already in its state (a call made twice is safe). */
function alreadySo(rows: RequestRow[], input: BulkActionInput) {
  const skipped: BulkActionReply['skipped'] = []
  const todo: RequestRow[] = []
  const reasons: Record<BulkActionInput['action'], (row: RequestRow) => string | null> = {
    accept: (row) => (row.status === 'accepted' ? 'Already accepted' : null),
    return: (row) => (row.status === 'returned' ? 'Already returned' : null),
    not_applicable: (row) => (row.status === 'not_applicable' ? 'Already not applicable' : null),
    assign: (row) => (row.assigneeId === input.assigneeId ? 'Already assigned so' : null),
    due_date: (row) => (row.dueDate === input.dueDate ? 'Already due then' : null),
    remind: () => null,
    delete: () => null,
  }
  for (const row of rows) {
    const reason = reasons[input.action](row)
    if (reason) skipped.push({ id: row.id, reason })
    else todo.push(row)
  }
  return { todo, skipped }
}

/** Why one request cannot take the bulk action (null: it can), as it would be refused alone. */
function bulkRefusal(principal: Principal, row: RequestRow, input: BulkActionInput) {
  const action: RequestAction =
    input.action === 'assign' || input.action === 'due_date' || input.action === 'remind'
      ? 'plan'
      : input.action
  const verdict = decide(principal, `request.${action}`, row)
  if (!verdict.allowed) return verdict.message
  if (input.action === 'remind') {
    if (!AWAITING_CLIENT.includes(row.status))
      return `This request is ${statusText(row.status)}: it is not waiting for the client`
    if (!row.assigneeId) return 'This request has no assignee to remind'
  }
  if (input.action === 'assign' && input.assigneeId === null && row.status !== 'draft')
    return 'A sent request needs an assignee'
  return null
}

/** The 409 of a bulk action that some requests cannot take: nothing changed, each one named. */
function bulkRefused(refusals: Array<{ row: RequestRow; refusal: string }>, ids: string[]) {
  const shown = refusals.slice(0, 3).map(({ row, refusal }) => `${requestLabel(row)}: ${refusal}`)
  const more = refusals.length - shown.length
  return new AppError(
    'CONFLICT',
    `${refusals.length === 1 ? 'One request' : `${grouped(refusals.length)} requests`} cannot take this action, so nothing changed. ${shown.join('. ')}${more > 0 ? `. And ${grouped(more)} more.` : '.'}`,
    refusals.map(({ row, refusal }) => ({
      path: `requestIds.${ids.indexOf(row.id)}`,
      message: `${requestLabel(row)}: ${refusal}`,
    })),
  )
}

/** The requests of these statuses, of the counts by status. */
const sumOf = (counts: Record<RequestStatus, number>, statuses: readonly RequestStatus[]) =>
  statuses.reduce((sum, status) => sum + counts[status], 0)

/** What the notifications need to know of a request. */
/** Clears what the client put to the firm: answered, decided, or overtaken by an answer. */
const NOTHING_ASKED = { clientAsk: null, clientAskText: null, clientAskAt: null } as const

/** A draft just inserted, as its events tell of it. */
const draftFacts = (
  id: string,
  audit: { id: string; clientId: string },
  draft: { number: number; title: string; reference?: string | null; assigneeId?: string | null },
): RequestFacts => ({
  id,
  auditId: audit.id,
  clientId: audit.clientId,
  assigneeId: draft.assigneeId ?? null,
  label: requestLabel(draft),
  sent: false,
})

/** Which rule a change of these fields falls under: the assignee and due date, or the content. */
const PLAN_FIELDS = ['assigneeId', 'dueDate', 'remindersPaused', 'section', 'reference']
const WORDING_FIELDS = ['title', 'description']

/**
 * Which rule a change of these fields falls under: the assignee and due date (plan); the title and
 * description of a request already sent (reword, in its history); anything else of a draft (edit).
 */
const editAction = (fields: readonly string[], status: RequestStatus): RequestAction => {
  if (fields.every((field) => PLAN_FIELDS.includes(field))) return 'plan'
  if (
    status !== 'draft' &&
    fields.every((field) => PLAN_FIELDS.includes(field) || WORDING_FIELDS.includes(field))
  )
    return 'reword'
  return 'edit'
}

/**
 * Audit requests: the drafts the firm prepares, what it sends, the client's answers, the review.
 * Every decision of who may do what comes from access/can.ts; every change of status is a
 * conditional write on the rule's statuses, so a concurrent change cannot slip in between.
 */
export function requestsService(app: FastifyInstance) {
  const { db, clock, config, log } = app
  const { maxRequestsPerAudit } = config.limits
  const reminders = remindService(app)

  /** Today in the firm's time zone: a request is overdue from the day after its due date there. */
  const firmDay = async (orgId: string) =>
    calendarDay(clock(), (await findOrganizationDisplay(db, orgId)).timeZone)

  const dto = async (row: RequestRow, principal: Principal) =>
    toRequestDto(row, await firmDay(principal.organizationId), principal)

  async function dtosOf(principal: Principal, ids: string[]) {
    const rows = await findRequestsByIds(db, principal.organizationId, ids, principal)
    const day = await firmDay(principal.organizationId)
    return rows.map((row) => toRequestDto(row, day, principal))
  }

  /**
   * Last period's accepted answer to the request this one was rolled forward from, as the caller
   * may see it: null when there is none, it is gone, or it is not theirs to see.
   */
  async function previousAnswer(principal: Principal, previousRequestId: string | null) {
    if (!previousRequestId) return null
    const prior = await findRequest(
      db,
      principal.organizationId,
      previousRequestId,
      principal,
    ).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null
      throw error
    })
    if (!prior || prior.status !== 'accepted') return null
    const versions = toVersionDtos(
      await listVersions(db, prior.id),
      await filesOfRequest(db, prior.id),
      principal,
      prior,
    )
    const accepted = versions.filter((version) => version.submittedAt && !version.returnedAt).at(-1)
    return accepted
      ? {
          requestId: prior.id,
          auditId: prior.auditId,
          auditName: prior.auditName,
          version: accepted,
        }
      : null
  }

  /** After a refused conditional write: 404 if the request is gone, else 409 naming its status. */
  async function refused(principal: Principal, id: string, action: RequestAction) {
    const current = await findRequest(db, principal.organizationId, id, principal)
    const verdict = decide(principal, `request.${action}`, current)
    return new AppError(
      'CONFLICT',
      verdict.allowed ? refusedMessage(action, current.status) : verdict.message,
    )
  }

  /** The request's audit's status, its row held until the transaction ends (holdAudits). */
  async function heldAuditStatus(tx: typeof db, orgId: string, auditId: string) {
    const [audit] = await holdAudits(tx, orgId, { auditIds: [auditId] })
    return audit?.status ?? 'completed'
  }

  /**
   * Locks the audit until the transaction ends, checks that requests may be added to it (not while
   * it is completed) and that `adding` more fit under the cap (409 beyond) and takes their numbers: the first of them. Two additions to one audit at
   * once are counted and numbered one after the other.
   */
  async function reserve(tx: typeof db, principal: Principal, auditId: string, adding: number) {
    const orgId = principal.organizationId
    authorize(principal, 'audit.add_requests', await lockAudit(tx, orgId, auditId))
    const existing = await countAuditRequests(tx, auditId)
    if (existing + adding <= maxRequestsPerAudit)
      return claimRequestNumbers(tx, orgId, auditId, adding)
    throw new AppError(
      'CONFLICT',
      adding === 1
        ? `This audit already has ${grouped(existing)} requests, the most an audit can hold. Start another audit for the rest.`
        : `These ${grouped(adding)} requests would make ${grouped(existing + adding)} in this audit, which can hold at most ${grouped(maxRequestsPerAudit)}. Start another audit for the rest.`,
    )
  }

  /** The assignee, if a client user of the audit's client (else 400 on assigneeId), named. */
  async function assertAssignee(orgId: string, clientId: string, userId: string) {
    const [found] = await clientUsers(db, orgId, clientId, [userId])
    if (!found) throw invalidAssignee()
    return { id: found.id, name: fullName(found) }
  }

  /**
   * The assignee an edit gives (undefined: unchanged, null: nobody), checked and named; a
   * request's trail records names, not ids.
   */
  async function chosenAssignee(
    orgId: string,
    clientId: string,
    assigneeId: string | null | undefined,
  ) {
    if (assigneeId === undefined || assigneeId === null) return assigneeId
    return assertAssignee(orgId, clientId, assigneeId)
  }

  /**
   * The order key that puts a draft at `index` among the audit's other drafts (0 first): just
   * before the draft now at that index, or just after the last draft when `index` is their count
   * (400 past that), between its two neighbours in the audit's whole order. The one rule of create
   * and move. `selfId`, the draft being placed, is left out; undefined: it is there already.
   * Call with the audit locked (reserve or lockAudit): keys are written under that lock only.
   */
  async function placeDraft(
    tx: typeof db,
    orgId: string,
    auditId: string,
    index: number,
  ): Promise<string>
  async function placeDraft(
    tx: typeof db,
    orgId: string,
    auditId: string,
    index: number,
    selfId: string,
  ): Promise<string | undefined>
  async function placeDraft(
    tx: typeof db,
    orgId: string,
    auditId: string,
    index: number,
    selfId?: string,
  ): Promise<string | undefined> {
    const facts = await placementFacts(tx, orgId, auditId, index, selfId)
    const own = facts.own
    if (selfId !== undefined && own === null) throw notFound('Request')
    let before: string | null
    let after: string | null
    if (facts.target !== null) {
      before = facts.beforeTarget
      after = facts.target
    } else {
      const others = facts.otherDrafts
      if (index > others) {
        const drafts = others + (selfId === undefined ? 0 : 1)
        throw fieldError(
          'position',
          `Position must be at most ${others}: this audit has ${drafts} ${drafts === 1 ? 'draft' : 'drafts'}`,
        )
      }
      before = facts.lastDraft
      if (before === null) {
        // No other draft to stand by: a new one goes last, a lone one stays where it is.
        if (own !== null) return undefined
        before = facts.lastKey
        after = null
      } else after = facts.afterLastDraft
    }
    if (own !== null && (before === null || before < own) && (after === null || own < after))
      return undefined
    const placed = keyBetween(before, after)
    if (placed.length <= MAX_KEY_LENGTH) return placed
    // Once after hundreds of moves into one gap; the fresh keys are short, so this ends there.
    await respaceKeys(tx, orgId, auditId)
    return selfId === undefined
      ? placeDraft(tx, orgId, auditId, index)
      : placeDraft(tx, orgId, auditId, index, selfId)
  }

  /**
   * Moves one request along the state machine: the status changes only from the rule's statuses,
   * then `write` runs and the event is logged, all in one transaction.
   */
  async function transition(
    principal: Principal,
    id: string,
    name: RequestTransition,
    options: {
      validate?: (row: RequestRow) => Promise<void> | void
      set?: (now: Date, row: RequestRow) => RequestChanges
      write?: (tx: typeof db, row: RequestRow, now: Date) => Promise<void>
      /** What happened (default: it reached its status), and what was said with it. */
      activity?: RequestEvent['type']
      detail?: (row: RequestRow) => string | null
    } = {},
  ) {
    const orgId = principal.organizationId
    const row = await findRequest(db, orgId, id, principal)
    authorize(principal, `request.${name}`, row)
    await options.validate?.(row)
    const now = clock()
    const rule = REQUEST_RULES[name]
    const moved = await db.transaction(async (tx) => {
      const [updated] = await updateIfStatus(
        tx,
        orgId,
        [id],
        rule.when,
        { status: rule.to, updatedAt: now, ...options.set?.(now, row) },
        'asked' in rule ? rule.asked.ask : undefined,
      )
      if (!updated) return false
      await options.write?.(tx, row, now)
      await emit(
        app,
        tx,
        principal,
        [
          {
            type: options.activity ?? `request.${rule.to}`,
            request: requestFacts(row),
            detail: options.detail?.(row) ?? null,
          },
        ],
        now,
      )
      return true
    })
    // Someone else moved it first (read after the transaction: PGlite has one connection).
    if (!moved) throw await refused(principal, id, name)
    const event = options.activity ?? `request.${rule.to}`
    log.info({ event, requestId: id, userId: principal.userId }, event.replace('.', ' '))
    return dto(await findRequest(db, orgId, id, principal), principal)
  }

  /**
   * A client user puts a proposal or a question to the firm: the request is the firm's move until
   * it answers. A question goes into the discussion; both are in the history with their words.
   */
  async function putToFirm(principal: Principal, id: string, ask: ClientAsk, text: string) {
    const orgId = principal.organizationId
    const action = ask === 'question' ? 'ask' : 'propose_not_applicable'
    const row = await findRequest(db, orgId, id, principal)
    authorize(principal, `request.${action}`, row)
    const now = clock()
    const label = requestLabel(row)
    const done = await db.transaction(async (tx) => {
      const [updated] = await updateIfStatus(tx, orgId, [id], REQUEST_RULES[action].when, {
        clientAsk: ask,
        clientAskText: text,
        clientAskAt: now,
        updatedAt: now,
      })
      if (!updated) return false
      if (ask === 'question')
        await insertComment(tx, orgId, id, { body: text, internal: false, author: principal }, now)
      const event: RequestEvent = {
        type: ask === 'question' ? 'request.question_asked' : 'request.not_applicable_proposed',
        request: requestFacts(row),
        detail: text,
        said: {
          body: text,
          internal: false,
          title:
            ask === 'question'
              ? `${principal.name} asked a question on ${label}`
              : `${principal.name} proposes ${label} as not applicable`,
        },
      }
      await emit(app, tx, principal, [event], now)
      return true
    })
    if (!done) throw await refused(principal, id, action)
    log.info({ requestId: id, userId: principal.userId, ask }, 'request put to the firm')
    return dto(await findRequest(db, orgId, id, principal), principal)
  }

  /** The template's items to copy, if the template is the company's; 400 on templateId otherwise. */
  async function templateItems(principal: Principal, templateId: string) {
    if (!(await findTemplate(db, principal.organizationId, templateId)))
      throw fieldError('templateId', 'Template not found')
    const items = await itemsToCopy(
      db,
      principal.organizationId,
      templateId,
      maxRequestsPerAudit + 1,
    )
    if (items.length > maxRequestsPerAudit)
      throw new AppError(
        'CONFLICT',
        `This template has more than ${grouped(maxRequestsPerAudit)} items, the most an audit can hold.`,
      )
    return items
  }

  /**
   * New drafts after the audit's last request, in the order given, each in the trail; call inside
   * a transaction.
   */
  async function insertDrafts(
    tx: typeof db,
    principal: Principal,
    audit: { id: string; clientId: string },
    drafts: Array<Omit<NewRequest, 'number' | 'position'>>,
    now: Date,
  ) {
    if (drafts.length === 0) return []
    const first = await reserve(tx, principal, audit.id, drafts.length)
    const keys = keysAfter(await lastKey(tx, principal.organizationId, audit.id), drafts.length)
    const rows: NewRequest[] = drafts.map((draft, index) => ({
      ...draft,
      number: first + index,
      position: keys[index]!,
    }))
    const ids = await insertRequests(tx, principal.organizationId, audit.id, rows, now)
    await emit(
      app,
      tx,
      principal,
      rows.map((draft, i) => ({
        type: 'request.created',
        request: draftFacts(ids[i]!, audit, draft),
      })),
      now,
    )
    return ids
  }

  /**
   * Inserts one draft per item after the audit's last request; an item due some days before the
   * audit's due date is given that day, when the audit has one. Call inside a transaction.
   */
  const insertFromItems = (
    tx: typeof db,
    principal: Principal,
    audit: { id: string; clientId: string; dueDate: string | null },
    items: Awaited<ReturnType<typeof itemsToCopy>>,
    now: Date,
  ) =>
    insertDrafts(
      tx,
      principal,
      audit,
      items.map((item) => ({
        title: item.title,
        description: item.description,
        section: item.section,
        reference: item.reference,
        documentRequired: item.requiresDocument,
        responseRequired: item.requiresResponse,
        answerType: item.answerType,
        choices: item.choices,
        dueDate:
          audit.dueDate !== null && item.dueDaysBefore !== null
            ? addDays(audit.dueDate, -item.dueDaysBefore)
            : null,
        sourceTemplateItemId: item.id,
      })),
      now,
    )

  /** The requests of the audit with these ids, all of them or a 400 on requestIds. */
  async function chosenRequests(principal: Principal, auditId: string, ids: string[]) {
    const wanted = [...new Set(ids)]
    const rows = await findRequestsByIds(db, principal.organizationId, wanted, principal)
    const chosen = rows.filter((row) => row.auditId === auditId)
    if (chosen.length !== wanted.length) throw notInAudit()
    return chosen
  }

  /** A request the principal may keep an answer in progress for: a client user's, or 404. */
  async function ownDraftRequest(principal: Principal, id: string) {
    if (isFirm(principal)) throw notFound('Request')
    return findRequest(db, principal.organizationId, id, principal)
  }

  /** Remind now for the chosen requests' assignees: those reminded within the hour are skipped. */
  async function remindChosen(
    principal: Principal,
    auditId: string,
    rows: RequestRow[],
    skipped: BulkActionReply['skipped'],
  ) {
    const reply = await reminders.assignees(principal, auditId, [
      ...new Set(rows.map((row) => row.assigneeId!)),
    ])
    const reminded = new Set(reply.reminded.map((person) => person.id))
    const notYet = new Map(reply.notYet.map((person) => [person.id, person]))
    const changed: string[] = []
    for (const row of rows) {
      const waiting = notYet.get(row.assigneeId!)
      if (reminded.has(row.assigneeId!)) changed.push(row.id)
      else
        skipped.push({
          id: row.id,
          reason: waiting
            ? `${waiting.name} was reminded less than an hour ago`
            : 'Its assignee can no longer see it',
        })
    }
    return { changed, skipped }
  }

  /** A change to many requests at once: heavy work, in the firm's turn (lib/heavy-work.ts). */
  const inTurn =
    <A extends unknown[], R>(work: (principal: Principal, ...args: A) => Promise<R>) =>
    (principal: Principal, ...args: A) =>
      app.heavyWork.run(principal.organizationId, () => work(principal, ...args))

  return {
    /** A page of the audit's requests, and the progress of all of them. */
    async list(principal: Principal, auditId: string, query: RequestListQuery) {
      const orgId = principal.organizationId
      await findAuditWithClient(db, orgId, auditId, clientScope(principal))
      const { status: statuses, sort, limit, cursor, ...rest } = query
      const filter = { ...rest, statuses }
      const day = await firmDay(orgId)
      const page = await auditRequestsPage(db, orgId, auditId, principal, {
        limit,
        cursor,
        filter,
        sort,
        today: day,
      })
      const counts = await statusCounts(db, orgId, auditId, principal, filter, day)
      const files = await submittedFileCounts(
        db,
        page.items.map((row) => row.id),
      )
      // Counted under no filter but the status, the counts are the whole audit's: its progress too.
      const unfiltered = Object.values(rest).every((value) => value === undefined)
      const progress = unfiltered
        ? {
            accepted: counts.accepted,
            total: sumOf(
              counts,
              REQUEST_STATUSES.filter((status) => !SET_ASIDE.includes(status)),
            ),
          }
        : ((await progressOf(db, orgId, principal, { auditIds: [auditId] })).get(auditId) ??
          NO_PROGRESS)
      return {
        items: {
          progress,
          counts,
          matching: sumOf(counts, statuses ?? REQUEST_STATUSES),
          requests: page.items.map((row) => ({
            ...toRequestDto(row, day, principal),
            fileCount: files.get(row.id) ?? 0,
          })),
        },
        next: page.next,
      }
    },

    async get(principal: Principal, id: string) {
      const orgId = principal.organizationId
      const row = await findRequest(db, orgId, id, principal)
      const detail = {
        ...(await dto(row, principal)),
        auditName: row.auditName,
        ...(await auditPlace(db, orgId, row.auditId)),
        versions: toVersionDtos(
          await listVersions(db, id),
          await filesOfRequest(db, id),
          principal,
          row,
        ),
        history: await requestActivity(db, orgId, id, isFirm(principal)),
        previous: await previousAnswer(principal, row.previousRequestId),
      }
      // Internal notes are the firm's: the key itself is absent for client users.
      return can(principal, 'request.internal_note', row)
        ? { ...detail, internalNotes: await listComments(db, orgId, id, { internal: true }) }
        : detail
    },

    /** The sections of the audit's requests the caller sees, in order. */
    async sections(principal: Principal, auditId: string) {
      const orgId = principal.organizationId
      await findAuditWithClient(db, orgId, auditId, clientScope(principal))
      return auditSections(db, orgId, auditId, principal)
    },

    /**
     * Every request of `section`, in its order, just before the first request of `before` (null:
     * after the last one): drafts only, all in one transaction, each move in its history.
     */
    moveSection: inTurn(async (principal: Principal, auditId: string, input: MoveSectionInput) => {
      const orgId = principal.organizationId
      const { section, before } = input
      const audit = await findAuditWithClient(db, orgId, auditId)
      authorize(principal, 'audit.add_requests', audit)
      const now = clock()
      await db.transaction(async (tx) => {
        authorize(principal, 'audit.add_requests', {
          ...audit,
          status: (await lockAudit(tx, orgId, auditId)).status,
        })
        const place = async (retried: boolean): Promise<void> => {
          const order = await auditOrder(tx, orgId, auditId)
          const { moving, rest, at, ordered } = sectionMove(order, input, 'audit')
          const sent = moving.find((row) => row.status !== 'draft')
          if (sent)
            throw new AppError(
              'CONFLICT',
              `Only drafts can be moved: request #${sent.number} of ${section} was sent`,
            )
          // Already there: nothing moves, nothing is written.
          if (ordered.every((row, index) => row.id === order[index]!.id)) return
          const keys = keysBetween(
            rest[at - 1]?.position ?? null,
            rest[at]?.position ?? null,
            moving.length,
          )
          if (keys.some((key) => key.length > MAX_KEY_LENGTH) && !retried) {
            await respaceKeys(tx, orgId, auditId)
            return place(true)
          }
          const placed = await placeDrafts(
            tx,
            orgId,
            auditId,
            moving.map((row, index) => ({ id: row.id, position: keys[index]! })),
            now,
          )
          if (placed !== moving.length) throw changedMeanwhile('try again')
          const movedIds = moving.map((row) => row.id)
          const rows = await findRequestsByIds(tx, orgId, movedIds, principal, movedIds.length)
          const detail =
            before === null ? `With ${section}, to the end` : `With ${section}, before ${before}`
          await emit(
            app,
            tx,
            principal,
            rows.map((row) => ({ type: 'request.moved', request: requestFacts(row), detail })),
            now,
          )
        }
        await place(false)
      })
      return auditSections(db, orgId, auditId, principal)
    }),

    /** Who the requests of an audit (or of one request's audit) may be assigned to. */
    async assignees(principal: Principal, of: { auditId: string } | { requestId: string }) {
      const orgId = principal.organizationId
      const clientId =
        'auditId' in of
          ? (await findAuditWithClient(db, orgId, of.auditId)).clientId
          : (await findRequest(db, orgId, of.requestId, principal)).clientId
      const users = await clientUsers(db, orgId, clientId)
      return users.map((user) => ({ id: user.id, name: fullName(user), email: user.email }))
    },

    async create(
      principal: Principal,
      auditId: string,
      input: z.output<typeof createRequestInput>,
    ) {
      const orgId = principal.organizationId
      const audit = await findAuditWithClient(db, orgId, auditId)
      if (input.assigneeId) await assertAssignee(orgId, audit.clientId, input.assigneeId)
      const now = clock()
      const [id] = await db.transaction(async (tx) => {
        const number = await reserve(tx, principal, auditId, 1)
        const position =
          input.position === undefined
            ? keysAfter(await lastKey(tx, orgId, auditId), 1)[0]!
            : await placeDraft(tx, orgId, auditId, input.position)
        const draft = { ...input, number, position }
        const ids = await insertRequests(tx, orgId, auditId, [draft], now)
        await emit(
          app,
          tx,
          principal,
          [{ type: 'request.created', request: draftFacts(ids[0]!, audit, draft) }],
          now,
        )
        return ids
      })
      return dto(await findRequest(db, orgId, id!, principal), principal)
    },

    /** Copies the template's items as drafts after the audit's last request. */
    addFromTemplate: inTurn(async (principal: Principal, auditId: string, templateId: string) => {
      const audit = await findAuditWithClient(db, principal.organizationId, auditId)
      authorize(principal, 'audit.add_requests', audit)
      const items = await templateItems(principal, templateId)
      const now = clock()
      const ids = await db.transaction((tx) => insertFromItems(tx, principal, audit, items, now))
      return dtosOf(principal, ids)
    }),

    templateItems,
    insertFromItems,
    insertDrafts,

    /**
     * Rows of a spreadsheet (modules/imports): new drafts after the audit's last request, and
     * edits of its drafts, in one transaction, all or nothing; each in the trail.
     */
    importRows: inTurn(
      async (
        principal: Principal,
        auditId: string,
        rows: { add: ImportedDraft[]; update: Array<ImportedDraft & { id: string }> },
      ) => {
        const orgId = principal.organizationId
        const audit = await findAuditWithClient(db, orgId, auditId)
        authorize(principal, 'audit.add_requests', audit)
        const now = clock()
        const added = await db.transaction(async (tx) => {
          const events: RequestEvent[] = []
          const ids = await insertDrafts(
            tx,
            principal,
            audit,
            rows.add.map(({ assignee: _named, ...draft }) => draft),
            now,
          )
          if (ids.length === 0)
            authorize(principal, 'audit.add_requests', await lockAudit(tx, orgId, auditId))
          const updatedIds = rows.update.map((edit) => edit.id)
          const before = new Map(
            (await findRequestsByIds(tx, orgId, updatedIds, principal, updatedIds.length)).map(
              (row) => [row.id, row],
            ),
          )
          // Only the rows the sheet changes are written; every one must still be editable.
          const rewrites: RequestRewrite[] = []
          const editable: readonly RequestStatus[] = REQUEST_RULES.edit.when
          for (const { id, assignee, assigneeId, ...fields } of rows.update) {
            const row = before.get(id)
            if (!row || !editable.includes(row.status)) throw changedMeanwhile('import again')
            const changes = updateEvents([row], { ...fields, assignee })
            const flagsChanged =
              fields.documentRequired !== row.documentRequired ||
              fields.responseRequired !== row.responseRequired
            if (changes.length === 0 && !flagsChanged) continue
            events.push(...changes)
            rewrites.push({ id, ...fields, assigneeUserId: assigneeId })
          }
          const rewritten = await rewriteIfStatus(tx, orgId, rewrites, REQUEST_RULES.edit.when, now)
          if (rewritten.length !== rewrites.length) throw changedMeanwhile('import again')
          await emit(app, tx, principal, events, now)
          return ids
        })
        log.info(
          { event: 'requests.imported', auditId, added: added.length, updated: rows.update.length },
          'requests imported',
        )
        return {
          created: await dtosOf(principal, added),
          updated: await dtosOf(
            principal,
            rows.update.map((edit) => edit.id),
          ),
        }
      },
    ),

    async update(principal: Principal, id: string, input: UpdateRequestInput) {
      const orgId = principal.organizationId
      const fields = Object.keys(input).filter(
        (key) => input[key as keyof UpdateRequestInput] !== undefined,
      )
      const row = await findRequest(db, orgId, id, principal)
      if (fields.length === 0) return dto(row, principal)
      const action = editAction(fields, row.status)
      const assignee = await chosenAssignee(orgId, row.clientId, input.assigneeId)
      if (input.assigneeId === null && row.status !== 'draft')
        throw fieldError('assigneeId', 'A sent request needs an assignee')
      const { assigneeId, answerType: _type, choices: _choices, ...fieldsSet } = input
      const rest = { ...fieldsSet, ...editedAnswerType(row, input) }
      const changed = await db.transaction(async (tx) => {
        const [updated] = await updateIfStatus(tx, orgId, [id], REQUEST_RULES[action].when, {
          ...rest,
          ...(assigneeId === undefined ? {} : { assigneeUserId: assigneeId }),
          updatedAt: clock(),
        })
        if (!updated) return false
        const changes = fieldChanges(row, { ...rest, assignee })
        const reworded = changes.some(
          (change) => change.field === 'title' || change.field === 'description',
        )
        if (changes.length > 0)
          await emit(
            app,
            tx,
            principal,
            [
              {
                type: action === 'reword' && reworded ? 'request.reworded' : 'request.updated',
                request: requestFacts(row),
                changes,
              },
            ],
            clock(),
          )
        return true
      })
      if (!changed) throw await refused(principal, id, action)
      return dto(await findRequest(db, orgId, id, principal), principal)
    },

    /** The single PATCH's rules for assignee and due date, on several requests: all or nothing. */
    bulkUpdate: inTurn(
      async (principal: Principal, auditId: string, input: BulkUpdateRequestsInput) => {
        const orgId = principal.organizationId
        const { requestIds, assigneeId, dueDate } = input
        const audit = await findAuditWithClient(db, orgId, auditId)
        authorize(principal, 'audit.plan_requests', audit)
        const chosen = await chosenRequests(principal, auditId, requestIds)
        const assignee = await chosenAssignee(orgId, audit.clientId, assigneeId)
        const sent = chosen.find((row) => row.status !== 'draft')
        if (assigneeId === null && sent)
          throw new AppError(
            'VALIDATION',
            `${requestLabel(sent)}: a sent request needs an assignee`,
            [{ path: 'assigneeId', message: 'A sent request needs an assignee' }],
          )
        const frozen = chosen.find((row) => !can(principal, 'request.plan', row))
        if (frozen)
          throw new AppError(
            'CONFLICT',
            `${requestLabel(frozen)}: ${refusedMessage('plan', frozen.status)}`,
          )
        const ids = chosen.map((row) => row.id)
        await db.transaction(async (tx) => {
          const changed = await updateIfStatus(tx, orgId, ids, REQUEST_RULES.plan.when, {
            ...(dueDate === undefined ? {} : { dueDate }),
            ...(assigneeId === undefined ? {} : { assigneeUserId: assigneeId }),
            updatedAt: clock(),
          })
          if (changed.length !== ids.length) throw changedMeanwhile('try again')
          await emit(app, tx, principal, updateEvents(chosen, { dueDate, assignee }), clock())
        })
        return dtosOf(principal, ids)
      },
    ),

    /**
     * One action for many requests of the audit (up to its cap), all or nothing: each request is
     * decided by `can()` as if alone, and any refusal refuses the whole call (409, naming them).
     * Requests the action would leave as they are come back as `skipped`.
     */
    bulk: inTurn(async (principal: Principal, auditId: string, input: BulkActionInput) => {
      const orgId = principal.organizationId
      const { action } = input
      const audit = await findAuditWithClient(db, orgId, auditId)
      authorize(principal, 'audit.plan_requests', audit)
      if (input.requestIds.length > maxRequestsPerAudit)
        throw fieldError(
          'requestIds',
          `At most ${grouped(maxRequestsPerAudit)} requests at once, the most an audit holds`,
        )
      const chosen = await chosenRequests(principal, auditId, input.requestIds)
      const { todo, skipped } = alreadySo(chosen, input)
      const refusals = todo.flatMap((row) => {
        const refusal = bulkRefusal(principal, row, input)
        return refusal ? [{ row, refusal }] : []
      })
      if (refusals.length > 0) throw bulkRefused(refusals, input.requestIds)
      const assignee = await chosenAssignee(orgId, audit.clientId, input.assigneeId)
      const ids = todo.map((row) => row.id)
      if (ids.length === 0) return { changed: [], skipped }
      if (action === 'remind') return remindChosen(principal, auditId, todo, skipped)
      const now = clock()
      let removedKeys: string[] = []
      await db.transaction(async (tx) => {
        if (action === 'delete') {
          const locked = await lockRequests(tx, orgId, { requestIds: ids })
          removedKeys = await storageKeysOf(
            tx,
            locked.map((row) => row.id),
          )
          await emit(
            app,
            tx,
            principal,
            todo.map((row) => ({ type: 'request.deleted', request: requestFacts(row) })),
            now,
          )
          const deleted = await deleteIfStatus(tx, orgId, ids, REQUEST_RULES.delete.when)
          if (deleted.length !== ids.length) throw changedMeanwhile('try again')
        } else if (action === 'assign' || action === 'due_date') {
          const changed = await updateIfStatus(tx, orgId, ids, REQUEST_RULES.plan.when, {
            ...(action === 'assign' ? { assigneeUserId: input.assigneeId } : {}),
            ...(action === 'due_date' ? { dueDate: input.dueDate } : {}),
            updatedAt: now,
          })
          if (changed.length !== ids.length) throw changedMeanwhile('try again')
          await emit(
            app,
            tx,
            principal,
            updateEvents(todo, action === 'assign' ? { assignee } : { dueDate: input.dueDate }),
            now,
          )
        } else {
          const rule = REQUEST_RULES[action]
          const changed = await updateIfStatus(tx, orgId, ids, rule.when, {
            status: rule.to,
            updatedAt: now,
            ...(action === 'accept' ? { acceptedAt: now } : {}),
            ...(action === 'not_applicable'
              ? { notApplicableReason: input.reason, ...NOTHING_ASKED }
              : {}),
          })
          if (changed.length !== ids.length) throw changedMeanwhile('try again')
          if (action === 'return')
            await markLatestVersionReturned(tx, ids, { reason: input.reason!, by: principal }, now)
          await emit(
            app,
            tx,
            principal,
            todo.map((row) => ({
              type: `request.${rule.to}`,
              request: requestFacts(row),
              detail: input.reason ?? null,
            })),
            now,
          )
        }
      })
      if (removedKeys.length > 0) await app.storage.delete(removedKeys)
      log.info(
        { event: 'requests.bulk', action, auditId, changed: ids.length, skipped: skipped.length },
        'bulk action',
      )
      return { changed: ids, skipped }
    }),

    /**
     * Moves a draft to another place among the audit's drafts (placeDraft): one row written, its
     * key, under the audit's lock. Numbers never change, so the draft may land among sent requests.
     */
    async move(principal: Principal, id: string, position: number) {
      const orgId = principal.organizationId
      const row = await findRequest(db, orgId, id, principal)
      authorize(principal, 'request.move', row)
      const now = clock()
      const moved = await db.transaction(async (tx) => {
        await lockAudit(tx, orgId, row.auditId)
        const key = await placeDraft(tx, orgId, row.auditId, position, id)
        if (key === undefined) return true
        const [updated] = await updateIfStatus(tx, orgId, [id], REQUEST_RULES.move.when, {
          position: key,
          updatedAt: now,
        })
        if (!updated) return false
        await emit(
          app,
          tx,
          principal,
          [
            {
              type: 'request.moved',
              request: requestFacts(row),
              detail: `To place ${position + 1} among the drafts`,
            },
          ],
          now,
        )
        return true
      })
      if (!moved) throw await refused(principal, id, 'move')
      return dto(await findRequest(db, orgId, id, principal), principal)
    },

    async remove(principal: Principal, id: string) {
      const orgId = principal.organizationId
      const row = await findRequest(db, orgId, id, principal)
      authorize(principal, 'request.delete', row)
      // Drafts have no files; the keys are read anyway so that no delete path can leave any behind.
      const keys = await db
        .transaction(async (tx) => {
          const locked = await lockRequests(tx, orgId, { requestId: id })
          const found = await storageKeysOf(
            tx,
            locked.map((request) => request.id),
          )
          await emit(
            app,
            tx,
            principal,
            [{ type: 'request.deleted', request: requestFacts(row) }],
            clock(),
          )
          // A refused delete rolls the event back with it.
          if ((await deleteIfStatus(tx, orgId, [id], REQUEST_RULES.delete.when)).length === 0)
            throw new DeleteRefused()
          return found
        })
        .catch((error: unknown) => {
          if (error instanceof DeleteRefused) return null
          throw error
        })
      if (!keys) throw await refused(principal, id, 'delete')
      await app.storage.delete(keys)
    },

    /** Sends the given drafts (or all of the audit's) and mails each assignee one list. */
    send: inTurn(
      async (principal: Principal, auditId: string, requestIds: string[] | undefined) => {
        const orgId = principal.organizationId
        const rule = REQUEST_RULES.send
        const audit = await findAuditWithClient(db, orgId, auditId)
        authorize(principal, 'audit.send_requests', audit)
        let chosen: RequestRow[]
        if (requestIds) {
          chosen = await chosenRequests(principal, auditId, requestIds)
          const refusal = chosen.find((row) => !can(principal, 'request.send', row))
          if (refusal)
            throw new AppError(
              'CONFLICT',
              `${requestLabel(refusal)}: ${refusedMessage('send', refusal.status)}`,
            )
        } else {
          chosen = []
          for await (const rows of await auditRequestsInBatches(db, orgId, auditId, principal))
            chosen.push(...rows.filter((row) => can(principal, 'request.send', row)))
          if (chosen.length === 0)
            throw new AppError('CONFLICT', 'This audit has no draft requests to send')
        }
        const assigned = [
          ...new Set(chosen.flatMap((row) => (row.assigneeId ? [row.assigneeId] : []))),
        ]
        const assignees = new Map(
          (assigned.length > 0 ? await clientUsers(db, orgId, audit.clientId, assigned) : []).map(
            (user) => [user.id, user],
          ),
        )
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
        const now = clock()
        const ids = chosen.map((row) => row.id)
        // Each assignee is mailed one list, from the events (notifications/request-mails.ts).
        await db.transaction(async (tx) => {
          if ((await lockAuditClient(tx, orgId, auditId)) !== audit.clientId)
            throw new AppError(
              'CONFLICT',
              'This audit’s project moved to another client in the meantime: reload the audit and send again',
            )
          const sent = await updateIfStatus(tx, orgId, ids, rule.when, {
            status: rule.to,
            sentAt: now,
            updatedAt: now,
          })
          if (sent.length !== ids.length) throw changedMeanwhile('send again')
          await emit(
            app,
            tx,
            principal,
            chosen.map((row) => ({
              type: 'request.sent',
              request: { ...requestFacts(row), sent: true },
            })),
            now,
          )
        })
        log.info({ event: 'request.sent', auditId, count: ids.length }, 'requests sent')
        return dtosOf(principal, ids)
      },
    ),

    /** The client user's own answer in progress; the firm never sees one (404). */
    async answerDraft(principal: Principal, id: string) {
      const row = await ownDraftRequest(principal, id)
      return findAnswerDraft(db, row.id, principal.userId)
    },

    async saveAnswerDraft(principal: Principal, id: string, response: string) {
      const row = await ownDraftRequest(principal, id)
      authorize(principal, 'request.submit', row)
      await db.transaction(async (tx) => {
        authorize(principal, 'request.submit', {
          ...row,
          auditStatus: await heldAuditStatus(tx, principal.organizationId, row.auditId),
        })
        if (response === '') await deleteAnswerDrafts(tx, row.id, principal.userId)
        else
          await saveAnswerDraft(
            tx,
            principal.organizationId,
            row.id,
            principal.userId,
            response,
            clock(),
          )
      })
      return findAnswerDraft(db, row.id, principal.userId)
    },

    /**
     * The client's answer: checked against the request's answer type (400 naming the field); an
     * acknowledgement is kept with its signature block (who, when, from where, and the SHA-256
     * of the statement and of each file handed in with it).
     */
    submit: (principal: Principal, id: string, input: SubmitAnswer, origin: SubmitOrigin) =>
      transition(principal, id, 'submit', {
        async validate(row) {
          checkedAnswer(row, input)
          if (needsDocument(row) && (await countPendingFiles(db, id)) === 0) throw noDocument()
        },
        async write(tx, row, now) {
          const answer = checkedAnswer(row, input)
          // Again under the request's row lock, which a file removal also takes.
          if (needsDocument(row) && (await countPendingFiles(tx, id)) === 0) throw noDocument()
          const signature: Signature | null =
            row.answerType === 'acknowledgement'
              ? {
                  typedName: answer!,
                  signedBy: principal.name,
                  signedById: principal.userId,
                  signedAt: now.toISOString(),
                  ipAddress: origin.ip,
                  userAgent: origin.userAgent?.slice(0, 500) ?? null,
                  statementSha256: statementSha256(row),
                  documents: await pendingFiles(tx, id),
                }
              : null
          await submitVersion(
            tx,
            id,
            {
              response: input.response,
              answerType: row.answerType,
              answer,
              signature,
              by: principal,
            },
            now,
          )
          // The answer is in: any answer in progress to it is spent.
          await deleteAnswerDrafts(tx, id)
        },
        // Whatever was put to the firm, the answer is in.
        set: (now) => ({ submittedAt: now, ...NOTHING_ASKED }),
      }),

    accept: (principal: Principal, id: string) =>
      transition(principal, id, 'accept', {
        set: (now) => ({ acceptedAt: now }),
      }),

    /** Back to review: the accepted answer is looked at again, accepted or returned anew. */
    reopen: (principal: Principal, id: string) =>
      transition(principal, id, 'reopen', {
        set: () => ({ acceptedAt: null }),
        activity: 'request.reopened',
      }),

    return: (principal: Principal, id: string, reason: string) =>
      transition(principal, id, 'return', {
        write: (tx, _row, now) =>
          markLatestVersionReturned(tx, [id], { reason, by: principal }, now),
        detail: () => reason,
      }),

    notApplicable: (principal: Principal, id: string, reason: string) =>
      transition(principal, id, 'not_applicable', {
        set: () => ({ notApplicableReason: reason, ...NOTHING_ASKED }),
        detail: () => reason,
      }),

    /** The client user proposes that the request does not apply: the firm's to decide. */
    proposeNotApplicable: (principal: Principal, id: string, reason: string) =>
      putToFirm(principal, id, 'not_applicable', reason),

    /** The client user asks the firm a question (in the discussion): the firm's to answer. */
    ask: (principal: Principal, id: string, question: string) =>
      putToFirm(principal, id, 'question', question),

    /** The firm agrees with the client: not applicable, for the client's reason. */
    acceptProposal: (principal: Principal, id: string) =>
      transition(principal, id, 'decide_proposal', {
        set: (_now, row) => ({ notApplicableReason: row.clientAskText, ...NOTHING_ASKED }),
        activity: 'request.proposal_accepted',
        detail: (row) => row.clientAskText,
      }),

    /** The firm declines the client's proposal, saying why (in the discussion): back to the client. */
    async declineProposal(principal: Principal, id: string, reason: string) {
      const orgId = principal.organizationId
      const row = await findRequest(db, orgId, id, principal)
      authorize(principal, 'request.decide_proposal', row)
      const now = clock()
      const rule = REQUEST_RULES.decide_proposal
      const done = await db.transaction(async (tx) => {
        const [updated] = await updateIfStatus(
          tx,
          orgId,
          [id],
          rule.when,
          { updatedAt: now, ...NOTHING_ASKED },
          rule.asked.ask,
        )
        if (!updated) return false
        await insertComment(
          tx,
          orgId,
          id,
          { body: reason, internal: false, author: principal },
          now,
        )
        const event: RequestEvent = {
          type: 'request.proposal_declined',
          request: requestFacts(row),
          detail: reason,
          said: {
            body: reason,
            internal: false,
            title: `${principal.name} declined to mark ${requestLabel(row)} as not applicable`,
          },
        }
        await emit(app, tx, principal, [event], now)
        return true
      })
      if (!done) throw await refused(principal, id, 'decide_proposal')
      log.info({ requestId: id, userId: principal.userId }, 'request proposal declined')
      return dto(await findRequest(db, orgId, id, principal), principal)
    },

    /** The discussion with the client (internal notes come with the request, for the firm). */
    async comments(principal: Principal, id: string) {
      await findRequest(db, principal.organizationId, id, principal)
      return listComments(db, principal.organizationId, id, { internal: false })
    },

    async comment(principal: Principal, id: string, input: { body: string; internal: boolean }) {
      const orgId = principal.organizationId
      if (input.internal && !can(principal, 'engagements.manage'))
        throw new AppError('FORBIDDEN', 'Only the firm’s staff can write internal notes')
      const row = await findRequest(db, orgId, id, principal)
      const action = input.internal ? 'request.internal_note' : 'request.comment'
      authorize(principal, action, row)
      const now = clock()
      return db.transaction(async (tx) => {
        // Under the audit's hold, so that the comment cannot cross its completion.
        authorize(principal, action, {
          ...row,
          auditStatus: await heldAuditStatus(tx, orgId, row.auditId),
        })
        const comment = await insertComment(tx, orgId, id, { ...input, author: principal }, now)
        // The firm's reply answers the client's question: the request is the client's again.
        const answered =
          !input.internal &&
          isFirm(principal) &&
          row.clientAsk === 'question' &&
          (await updateIfStatus(tx, orgId, [id], AWAITING_CLIENT, NOTHING_ASKED, 'question'))
            .length > 0
        const event: RequestEvent = {
          type: input.internal ? 'request.noted' : 'request.commented',
          request: requestFacts(row),
          detail: excerpt(input.body),
          said: input,
          ...(answered ? { answered } : {}),
        }
        await emit(app, tx, principal, [event], now)
        return comment
      })
    },

    /**
     * A page of a client user's requests, grouped by audit, most urgent first: overdue ones first in
     * each group and overall. A group may go on on the next page (the same audit first there).
     */
    async mine(principal: Principal, query: RequestListQuery) {
      const clientId = clientScope(principal)
      if (!clientId) throw new AppError('FORBIDDEN', 'My requests is for client users')
      const day = await firmDay(principal.organizationId)
      const page = await clientRequestsPage(
        db,
        principal.organizationId,
        { ...principal, clientId },
        { today: day },
        query,
      )
      const started = await answersInProgress(
        db,
        principal.userId,
        page.items.map((row) => row.id),
      )
      const groups = [...groupBy(page.items, (row) => row.auditId).values()].map((rows) => {
        const first = rows[0]!
        return {
          audit: {
            id: first.auditId,
            name: first.auditName,
            dueDate: first.auditDueDate,
            projectId: first.projectId,
            projectName: first.projectName,
          },
          requests: rows.map((row) => ({
            ...toRequestDto(row, day, principal),
            inProgress: started.get(row.id) ?? { draftSaved: false, filesAttached: 0 },
          })),
        }
      })
      return { items: groups, next: page.next }
    },
  }
}

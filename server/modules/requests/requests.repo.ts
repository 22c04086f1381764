import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { WHOSE_MOVE } from '@shared/request-rules'
import type { AnswerType } from '@shared/schemas/answers'
import {
  REQUEST_STATUSES,
  type ClientAsk,
  type RequestSort,
  type RequestStatus,
} from '@shared/schemas/requests'
import type { Principal } from '../../access/principal'
import { visibleRequests } from '../../access/audience'
import { selectRows, type Db } from '../../db/client'
import { askedOfFirm, awaitingClient, overdueOn } from './request-conditions'
import { idIn } from '../../db/id-in'
import { auditRequests, audits, people, projects, users, withPerson } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { key, pageQuery, searched, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import { rankKeySql } from './order-keys'

/** The queries of the audit_requests table (reads join their audit, project and assignee). */

type Scope = Pick<Principal, 'role' | 'clientId'>

const assignee = alias(users, 'assignee')
const assigneePerson = alias(people, 'assignee_person')

const columns = {
  id: auditRequests.id,
  auditId: auditRequests.auditId,
  number: auditRequests.number,
  position: auditRequests.position,
  title: auditRequests.title,
  description: auditRequests.description,
  section: auditRequests.section,
  reference: auditRequests.reference,
  documentRequired: auditRequests.documentRequired,
  responseRequired: auditRequests.responseRequired,
  answerType: auditRequests.answerType,
  choices: auditRequests.choices,
  status: auditRequests.status,
  assigneeId: auditRequests.assigneeUserId,
  assigneeFirstName: assigneePerson.firstName,
  assigneeLastName: assigneePerson.lastName,
  previousRequestId: auditRequests.previousRequestId,
  dueDate: auditRequests.dueDate,
  sentAt: auditRequests.sentAt,
  submittedAt: auditRequests.submittedAt,
  acceptedAt: auditRequests.acceptedAt,
  notApplicableReason: auditRequests.notApplicableReason,
  clientAsk: auditRequests.clientAsk,
  clientAskText: auditRequests.clientAskText,
  clientAskAt: auditRequests.clientAskAt,
  remindersPaused: auditRequests.remindersPaused,
  createdAt: auditRequests.createdAt,
  updatedAt: auditRequests.updatedAt,
  // Context, not part of the request's DTO.
  auditName: audits.name,
  auditDueDate: audits.dueDate,
  auditStatus: audits.status,
  projectId: projects.id,
  projectName: projects.name,
  clientId: projects.clientId,
}

export type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number]

function selectRequests(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .leftJoin(assignee, eq(assignee.id, auditRequests.assigneeUserId))
    .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
    .where(where)
    .orderBy(asc(auditRequests.auditId), ...inAuditOrder.keys.map((k) => asc(k.sql as SQL)))
}

/** An audit's order: its keys are unique within the audit (the id only breaks ties across audits). */
const inAuditOrder: Keyset = {
  keys: [key(auditRequests.position, 'text'), key(auditRequests.id, 'uuid')],
  direction: 'asc',
}

const ofAudit = (orgId: string, auditId: string) =>
  and(eq(auditRequests.organizationId, orgId), eq(auditRequests.auditId, auditId))!

/**
 * Rows read per statement where many are read at once (exports, changes to many requests): on the
 * embedded database the connection is everyone's, and other firms' statements go between these.
 */
export const BATCH = 25

type WhoseMove = 'client' | 'firm'

/** What an audit's request list is narrowed to (GET /api/audits/{id}/requests). */
export interface RequestFilter {
  whoseMove?: WhoseMove | undefined
  statuses?: RequestStatus[] | undefined
  assigneeId?: string | undefined
  section?: string | undefined
  /** Due before `today` and waiting for the client (true), or anything but that (false). */
  overdue?: boolean | undefined
  dueBefore?: string | undefined
  dueAfter?: string | undefined
  q?: string | undefined
}

/** The requests on which `whoseMove` acts next (none: all), as `whoseMove` in the rules says. */
const movesOf = (whoseMove: WhoseMove | undefined) => {
  if (!whoseMove) return undefined
  const byStatus = inArray(
    auditRequests.status,
    REQUEST_STATUSES.filter((status) => WHOSE_MOVE[status] === whoseMove),
  )
  return whoseMove === 'client' ? awaitingClient : sql`(${byStatus} or ${askedOfFirm})`
}

/** The filter's conditions, all but `status` (`today`: the day overdue is counted from). */
function filterConditions(filter: RequestFilter, today: string) {
  const overdue = overdueOn(today)
  const number = filter.q ? /^#?(\d{1,9})$/.exec(filter.q.trim())?.[1] : undefined
  return [
    movesOf(filter.whoseMove),
    filter.assigneeId ? eq(auditRequests.assigneeUserId, filter.assigneeId) : undefined,
    filter.section ? eq(auditRequests.section, filter.section) : undefined,
    filter.overdue === undefined ? undefined : filter.overdue ? overdue : sql`not ${overdue}`,
    filter.dueBefore ? sql`${auditRequests.dueDate} <= ${filter.dueBefore}::date` : undefined,
    filter.dueAfter ? sql`${auditRequests.dueDate} >= ${filter.dueAfter}::date` : undefined,
    filter.q
      ? or(
          searched(auditRequests.title, filter.q),
          searched(auditRequests.description, filter.q),
          searched(auditRequests.section, filter.q),
          // A reference as written: "3.1" finds 3.1, not 13.1 or 3.10.
          sql`lower(${auditRequests.reference}) = lower(${filter.q.trim()})`,
          number ? eq(auditRequests.number, Number(number)) : undefined,
        )
      : undefined,
  ]
}

/** Where each status comes in the status order: the way a request goes, settled last. */
const STATUS_ORDER = sql`(case ${auditRequests.status}
  when 'draft' then 0 when 'sent' then 1 when 'returned' then 2 when 'submitted' then 3
  when 'accepted' then 4 else 5 end)`

/**
 * The list's order for a sort: its keys, the last ones unique within the audit. Empty due dates
 * and assignees come last either way.
 */
function sortKeyset(sort: { field: RequestSort; descending: boolean }): Keyset {
  const direction = sort.descending ? 'desc' : 'asc'
  const byNumber = key(auditRequests.number, 'int4')
  switch (sort.field) {
    case 'position':
      return { keys: inAuditOrder.keys, direction }
    case 'number':
      return { keys: [byNumber], direction }
    case 'dueDate':
      return {
        keys: [
          key(
            sql`to_char(coalesce(${auditRequests.dueDate}, ${sort.descending ? '0001-01-01' : '9999-12-31'}::date), 'YYYY-MM-DD')`,
            'text',
          ),
          byNumber,
        ],
        direction,
      }
    case 'status':
      return { keys: [key(STATUS_ORDER, 'int4'), byNumber], direction }
    case 'assignee':
      return {
        keys: [
          key(
            sql`coalesce(lower(${assigneePerson.firstName} || ' ' || ${assigneePerson.lastName}), ${sort.descending ? '' : '~'})`,
            'text',
          ),
          byNumber,
        ],
        direction,
      }
    case 'updatedAt':
      return { keys: [key(auditRequests.updatedAt, 'timestamptz'), byNumber], direction }
  }
}

export interface RequestListing extends PageRequest {
  filter?: RequestFilter
  sort?: { field: RequestSort; descending: boolean }
  /** The day overdue is counted from (YYYY-MM-DD). */
  today?: string
}

/** The statement of one page of the audit's requests that the scope sees, in the listing's order. */
export function auditRequestsPageQuery(
  db: Db,
  orgId: string,
  auditId: string,
  scope: Scope,
  request: RequestListing,
) {
  const page = pageQuery(request.sort ? sortKeyset(request.sort) : inAuditOrder, request)
  const filter = request.filter ?? {}
  return db
    .select({ ...columns, pageKey: page.pageKey })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .leftJoin(assignee, eq(assignee.id, auditRequests.assigneeUserId))
    .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
    .where(
      and(
        ofAudit(orgId, auditId),
        visibleRequests(scope),
        ...filterConditions(filter, request.today ?? '0001-01-01'),
        filter.statuses ? inArray(auditRequests.status, filter.statuses) : undefined,
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
}

/**
 * How many of the audit's requests the scope sees have each status, under every filter but
 * `status` (the chips of a filtered list), in one statement.
 */
export async function statusCounts(
  db: Db,
  orgId: string,
  auditId: string,
  scope: Scope,
  filter: RequestFilter,
  today: string,
) {
  const rows = await db
    .select({ status: auditRequests.status, count: count() })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .leftJoin(assignee, eq(assignee.id, auditRequests.assigneeUserId))
    .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
    .where(and(ofAudit(orgId, auditId), visibleRequests(scope), ...filterConditions(filter, today)))
    .groupBy(auditRequests.status)
  const counts = Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])) as Record<
    RequestStatus,
    number
  >
  for (const row of rows) counts[row.status] = Number(row.count)
  return counts
}

/** The sections of the audit's requests the scope sees, in the order of their first requests. */
export async function auditSections(db: Db, orgId: string, auditId: string, scope: Scope) {
  return db
    .select({ name: sql<string>`${auditRequests.section}`, requests: sql<number>`count(*)::int` })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(and(ofAudit(orgId, auditId), visibleRequests(scope), isNotNull(auditRequests.section)))
    .groupBy(auditRequests.section)
    .orderBy(sql`min(${auditRequests.position})`)
}

/** One page of the audit's requests that the scope sees, in their order. */
export async function auditRequestsPage(
  db: Db,
  orgId: string,
  auditId: string,
  scope: Scope,
  request: RequestListing,
) {
  return toPage(await auditRequestsPageQuery(db, orgId, auditId, scope, request), request)
}

/**
 * All the audit's requests that the scope sees, in its order, BATCH at a time (the audit's
 * existence is not checked). The first batch is read before the first is asked for, so that a
 * failure there is the caller's error, not one found later in a stream.
 */
export async function auditRequestsInBatches(
  db: Db,
  orgId: string,
  auditId: string,
  scope: Scope,
): Promise<AsyncGenerator<RequestRow[]>> {
  const read = (cursor?: string) =>
    auditRequestsPage(db, orgId, auditId, scope, { limit: BATCH, cursor })
  const first = await read()
  return (async function* () {
    let page = first
    for (;;) {
      yield page.items
      if (!page.next) return
      page = await read(page.next)
    }
  })()
}

/** One request the scope can see; 404 otherwise (another company's, another client's, never sent). */
export async function findRequest(db: Db, orgId: string, id: string, scope: Scope) {
  const [row] = await selectRequests(
    db,
    and(eq(auditRequests.organizationId, orgId), eq(auditRequests.id, id), visibleRequests(scope)),
  )
  if (!row) throw notFound('Request')
  return row
}

/**
 * Requests of the company by id that the scope sees, BATCH per statement, in their audits' order.
 * Inside a transaction, pass `ids.length`: the transaction holds its connection between statements
 * anyway, so reading in pieces there only makes it hold it longer.
 */
export async function findRequestsByIds(
  db: Db,
  orgId: string,
  ids: string[],
  scope: Scope,
  perStatement = BATCH,
) {
  const rows: RequestRow[] = []
  for (let start = 0; start < ids.length; start += perStatement)
    rows.push(
      ...(await selectRequests(
        db,
        and(
          eq(auditRequests.organizationId, orgId),
          idIn(auditRequests.id, ids.slice(start, start + perStatement)),
          visibleRequests(scope),
        ),
      )),
    )
  // Keys are ASCII (fractional-indexing digits): JavaScript's order is the column's byte order.
  const order = (row: RequestRow) => `${row.auditId} ${row.position} ${row.id}`
  return rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
}

/**
 * One page of a client user's requests across their client's audits (those sent to them), in the
 * order of urgency: by audit, the audit whose most urgent request is most urgent first; within an
 * audit, overdue requests first, then by due date (none last), then by number.
 */
export async function clientRequestsPage(
  db: Db,
  orgId: string,
  scope: Scope & { clientId: string },
  urgency: { today: string },
  request: PageRequest & { whoseMove?: WhoseMove },
) {
  const ofClient = and(eq(audits.organizationId, orgId), eq(projects.clientId, scope.clientId))
  const overdue = overdueOn(urgency.today)
  const urgent = sql`(case when ${overdue} then 0 else 1 end)`
  const due = sql`coalesce(${auditRequests.dueDate}::text, '9999-12-31')`
  const mostUrgentFirst = sql`partition by ${auditRequests.auditId} order by ${urgent}, ${due}, ${auditRequests.position}, ${auditRequests.createdAt}, ${auditRequests.id}`
  // Each visible request's urgency, and its audit's (that of the audit's most urgent request).
  const ranks = db
    .select({
      requestId: sql<string>`${auditRequests.id}`.as('request_id'),
      urgent: sql<number>`${urgent}`.as('urgent'),
      due: sql<string>`${due}`.as('due'),
      auditUrgent: sql<number>`first_value(${urgent}) over (${mostUrgentFirst})`.as('audit_urgent'),
      auditDue: sql<string>`first_value(${due}) over (${mostUrgentFirst})`.as('audit_due'),
    })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(and(ofClient, eq(auditRequests.organizationId, orgId), visibleRequests(scope)))
    .as('ranks')
  const page = pageQuery(
    {
      keys: [
        key(ranks.auditUrgent, 'int4'),
        key(ranks.auditDue, 'text'),
        key(audits.name, 'text'),
        key(audits.id, 'uuid'),
        key(ranks.urgent, 'int4'),
        key(ranks.due, 'text'),
        key(auditRequests.number, 'int4'),
        key(auditRequests.id, 'uuid'),
      ],
      direction: 'asc',
    },
    request,
  )
  const rows = await db
    .select({ ...columns, pageKey: page.pageKey })
    .from(auditRequests)
    .innerJoin(ranks, eq(ranks.requestId, auditRequests.id))
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .leftJoin(assignee, eq(assignee.id, auditRequests.assigneeUserId))
    .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
    // Redundant with `ranks`, and what lets the planner reach the client's few audits by index
    // instead of hashing every audit of the firm (bench:scale, decision 014).
    .where(and(eq(projects.clientId, scope.clientId), movesOf(request.whoseMove), page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return toPage(rows, request)
}

export async function countAuditRequests(db: Db, auditId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(auditRequests)
    .where(eq(auditRequests.auditId, auditId))
  return row?.count ?? 0
}

/**
 * The audit's requests in their order, as a roll-forward copies them: what they ask, their due
 * date, and their assignee with whether that user is still a client user of `clientId`.
 */
export async function requestsToCopy(db: Db, orgId: string, auditId: string, clientId: string) {
  return db
    .select({
      id: auditRequests.id,
      status: auditRequests.status,
      title: auditRequests.title,
      description: auditRequests.description,
      section: auditRequests.section,
      reference: auditRequests.reference,
      documentRequired: auditRequests.documentRequired,
      responseRequired: auditRequests.responseRequired,
      answerType: auditRequests.answerType,
      choices: auditRequests.choices,
      dueDate: auditRequests.dueDate,
      assigneeId: auditRequests.assigneeUserId,
      assigneeFirstName: people.firstName,
      assigneeLastName: people.lastName,
      assigneeStillClient: sql<boolean>`coalesce(${users.role} = 'client' and ${users.clientId} = ${clientId}, false)`,
    })
    .from(auditRequests)
    .leftJoin(users, eq(users.id, auditRequests.assigneeUserId))
    .leftJoin(people, withPerson)
    .where(and(eq(auditRequests.organizationId, orgId), eq(auditRequests.auditId, auditId)))
    .orderBy(asc(auditRequests.position), asc(auditRequests.id))
}

/** Each request of the audit by its number: what a spreadsheet's rows are matched against. */
export async function requestNumbers(db: Db, orgId: string, auditId: string) {
  const rows = await db
    .select({
      id: auditRequests.id,
      number: auditRequests.number,
      status: auditRequests.status,
      title: auditRequests.title,
    })
    .from(auditRequests)
    .where(and(eq(auditRequests.organizationId, orgId), eq(auditRequests.auditId, auditId)))
  return new Map(rows.map(({ number, ...request }) => [number, request]))
}

/** The order key of the audit's last request (null: it has none). */
export async function lastKey(db: Db, orgId: string, auditId: string) {
  const [row] = await db
    .select({ position: auditRequests.position })
    .from(auditRequests)
    .where(ofAudit(orgId, auditId))
    .orderBy(desc(auditRequests.position))
    .limit(1)
  return row?.position ?? null
}

/**
 * What placing a draft at `index` among the audit's other drafts needs to know, in one statement
 * (a move's transaction holds the embedded database's only connection): the draft's own key
 * (`selfId`; null: it is new or not in this audit), the key of the other draft at `index` and the
 * key just before it, and, for when there is none (`index` past the end), how many other drafts
 * there are, the last of them and the key just after it, and the audit's last key. Each part is
 * read by the order's index; the count only when `index` is past the drafts.
 */
export async function placementFacts(
  db: Db,
  orgId: string,
  auditId: string,
  index: number,
  selfId: string | undefined,
) {
  const inAudit = sql`${auditRequests.organizationId} = ${orgId} and ${auditRequests.auditId} = ${auditId}`
  const others = selfId === undefined ? sql`true` : sql`${auditRequests.id} <> ${selfId}`
  const otherDrafts = sql`${inAudit} and ${auditRequests.status} = 'draft' and ${others}`
  const keyWhere = (where: SQL, direction: 'asc' | 'desc') =>
    sql`(select ${auditRequests.position} from ${auditRequests} where ${where}
         order by ${auditRequests.position} ${sql.raw(direction)} limit 1)`
  const [row] = await selectRows<{
    own: string | null
    target: string | null
    before_target: string | null
    other_drafts: number | null
    last_draft: string | null
    after_last_draft: string | null
    last_key: string | null
  }>(
    db,
    sql`with target as (
          select ${auditRequests.position} as key from ${auditRequests} where ${otherDrafts}
          order by ${auditRequests.position} offset ${index} limit 1
        ), last_draft as (select ${keyWhere(otherDrafts, 'desc')} as key)
        select
          ${selfId === undefined ? sql`null` : keyWhere(sql`${inAudit} and ${auditRequests.id} = ${selfId}`, 'asc')} as own,
          (select key from target) as target,
          ${keyWhere(sql`${inAudit} and ${others} and ${auditRequests.position} < (select key from target)`, 'desc')} as before_target,
          case when (select key from target) is null then
            (select count(*)::int from ${auditRequests} where ${otherDrafts}) end as other_drafts,
          (select key from last_draft) as last_draft,
          ${keyWhere(sql`${inAudit} and ${others} and ${auditRequests.position} > (select key from last_draft)`, 'asc')} as after_last_draft,
          ${keyWhere(inAudit, 'desc')} as last_key`,
  )
  return {
    own: row!.own,
    target: row!.target,
    beforeTarget: row!.before_target,
    otherDrafts: row!.other_drafts ?? 0,
    lastDraft: row!.last_draft,
    afterLastDraft: row!.after_last_draft,
    lastKey: row!.last_key,
  }
}

/**
 * Gives the audit's requests short keys again, in the same order (call with the audit locked).
 * Two passes: the unique index on (audit_id, position) is checked row by row, and a new key could
 * meet an old one still in place; '~' sorts after every key character, so the first pass keeps
 * the order and no key meets another.
 */
export async function respaceKeys(db: Db, orgId: string, auditId: string) {
  await db
    .update(auditRequests)
    .set({ position: sql`'~' || ${auditRequests.position}` })
    .where(ofAudit(orgId, auditId))
  await db.execute(sql`update ${auditRequests} set position = ${sql.raw(rankKeySql('ranked.rank'))}
    from (
      select id, row_number() over (order by position) - 1 as rank
      from ${auditRequests} where ${ofAudit(orgId, auditId)}
    ) as ranked
    where ${auditRequests.id} = ranked.id`)
}

export interface NewRequest {
  /** The request of last period it was rolled forward from, shown with it. */
  previousRequestId?: string | null
  title: string
  description: string | null
  section?: string | null
  reference?: string | null
  documentRequired: boolean
  responseRequired: boolean
  answerType?: AnswerType
  choices?: string[] | null
  /** Given by reserve(): the next of the audit's numbers. */
  number: number
  /** An order key (order-keys.ts). */
  position: string
  assigneeId?: string | null
  dueDate?: string | null
  sourceTemplateItemId?: string
}

export async function insertRequests(
  db: Db,
  orgId: string,
  auditId: string,
  values: NewRequest[],
  now: Date,
) {
  if (values.length === 0) return []
  const rows = await db
    .insert(auditRequests)
    .values(
      values.map(({ assigneeId, ...value }) => ({
        ...value,
        organizationId: orgId,
        auditId,
        assigneeUserId: assigneeId ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: auditRequests.id })
  return rows.map((row) => row.id)
}

export type RequestChanges = Partial<typeof auditRequests.$inferInsert>

/**
 * Updates the requests only while their status is one of `from` and their audit is not completed:
 * the status check and the write are one statement, so two concurrent transitions cannot both
 * win, and the audit is held meanwhile (holdAudits). Returns the ids that matched.
 */
export async function updateIfStatus(
  db: Db,
  orgId: string,
  ids: string[],
  from: readonly RequestStatus[],
  values: RequestChanges,
  /** Only while the client's pending ask is this one (a rule's `asked`). */
  asked?: ClientAsk,
) {
  const open = await openAuditsOf(db, orgId, ids)
  if (open.length === 0) return []
  const rows = await db
    .update(auditRequests)
    .set(values)
    .where(
      and(
        eq(auditRequests.organizationId, orgId),
        idIn(auditRequests.id, ids),
        idIn(auditRequests.auditId, open),
        inArray(auditRequests.status, [...from]),
        asked ? eq(auditRequests.clientAsk, asked) : undefined,
      ),
    )
    .returning({ id: auditRequests.id })
  return rows.map((row) => row.id)
}

/** A request's planned fields, as a spreadsheet's row gives them. */
export interface PlannedFields {
  title: string
  description: string | null
  section: string | null
  reference: string | null
  documentRequired: boolean
  responseRequired: boolean
  answerType: AnswerType
  choices: string[] | null
  dueDate: string | null
}

/** A draft's planned fields and assignee as an import rewrites them. */
export interface RequestRewrite extends PlannedFields {
  id: string
  assigneeUserId: string | null
}

/**
 * updateIfStatus for requests that each take values of their own, in one statement whatever their
 * number: the rows go as one JSON parameter (an UPDATE per row held the embedded database's only
 * connection for a second per 400 rows). Returns the ids that matched.
 */
export async function rewriteIfStatus(
  db: Db,
  orgId: string,
  rewrites: RequestRewrite[],
  from: readonly RequestStatus[],
  now: Date,
) {
  if (rewrites.length === 0) return []
  const open = await openAuditsOf(
    db,
    orgId,
    rewrites.map((rewrite) => rewrite.id),
  )
  if (open.length === 0) return []
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update ${auditRequests} set title = v.title, description = v.description,
        section = v.section, reference = v.reference, document_required = v."documentRequired",
        response_required = v."responseRequired", answer_type = v."answerType",
        choices = v.choices, due_date = v."dueDate", assignee_user_id = v."assigneeUserId",
        updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(rewrites)}::jsonb) as v(id uuid, title text,
        description text, section text, reference text, "documentRequired" boolean,
        "responseRequired" boolean, "answerType" text, choices jsonb, "dueDate" date,
        "assigneeUserId" uuid)
      where ${auditRequests.id} = v.id and ${auditRequests.organizationId} = ${orgId}
        and ${idIn(auditRequests.auditId, open)}
        and ${auditRequests.status} = any(${`{${from.join(',')}}`}::text[])
      returning ${auditRequests.id}`,
  )
  return rows.map((row) => row.id)
}

/** Deletes those of the requests still in one of `from`, of audits not completed: the ids deleted. */
export async function deleteIfStatus(
  db: Db,
  orgId: string,
  ids: string[],
  from: readonly RequestStatus[],
) {
  const open = await openAuditsOf(db, orgId, ids)
  if (open.length === 0) return []
  const rows = await db
    .delete(auditRequests)
    .where(
      and(
        eq(auditRequests.organizationId, orgId),
        idIn(auditRequests.id, ids),
        idIn(auditRequests.auditId, open),
        inArray(auditRequests.status, [...from]),
      ),
    )
    .returning({ id: auditRequests.id })
  return rows.map((row) => row.id)
}

/**
 * The audit's requests (or one request), locked until the transaction ends, with their status and
 * their audit's: nothing else can change them (nor upload to them) before it commits, and their
 * audit cannot be completed meanwhile (its row is held too).
 */
export async function lockRequests(
  db: Db,
  orgId: string,
  which: { auditId: string } | { requestId: string } | { requestIds: string[] },
) {
  const ofWhich =
    'auditId' in which
      ? eq(auditRequests.auditId, which.auditId)
      : 'requestId' in which
        ? eq(auditRequests.id, which.requestId)
        : idIn(auditRequests.id, which.requestIds)
  const held = await holdAudits(
    db,
    orgId,
    'auditId' in which
      ? { auditIds: [which.auditId] }
      : { requestIds: 'requestId' in which ? [which.requestId] : which.requestIds },
  )
  const statuses = new Map(held.map((audit) => [audit.id, audit.status]))
  const rows = await db
    .select({
      id: auditRequests.id,
      auditId: auditRequests.auditId,
      status: auditRequests.status,
      clientAsk: auditRequests.clientAsk,
    })
    .from(auditRequests)
    .where(and(eq(auditRequests.organizationId, orgId), ofWhich))
    .orderBy(asc(auditRequests.position), asc(auditRequests.id))
    .for('update')
  return rows.map((row) => ({ ...row, auditStatus: statuses.get(row.auditId) ?? 'completed' }))
}

/**
 * The audits' rows (given, or those of the requests) held FOR SHARE until the transaction ends,
 * with their status as committed last: a change to their requests made under the hold cannot cross
 * their completion, which takes the row FOR UPDATE. A statement of its own, so that it reads what
 * was committed while it waited.
 */
export function holdAudits(
  db: Db,
  orgId: string,
  of: { auditIds: readonly string[] } | { requestIds: readonly string[] },
) {
  const ids = 'auditIds' in of ? of.auditIds : of.requestIds
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select({ id: audits.id, status: audits.status })
    .from(audits)
    .where(
      and(
        eq(audits.organizationId, orgId),
        'auditIds' in of
          ? idIn(audits.id, of.auditIds)
          : inArray(
              audits.id,
              db
                .select({ id: auditRequests.auditId })
                .from(auditRequests)
                .where(
                  and(
                    eq(auditRequests.organizationId, orgId),
                    idIn(auditRequests.id, of.requestIds),
                  ),
                ),
            ),
      ),
    )
    .orderBy(asc(audits.id))
    .for('share', { of: audits })
}

/** The open (not completed) audits among those of the requests, held as holdAudits does. */
async function openAuditsOf(db: Db, orgId: string, requestIds: readonly string[]) {
  const held = await holdAudits(db, orgId, { requestIds })
  return held.filter((audit) => audit.status !== 'completed').map((audit) => audit.id)
}

const ofProject = (db: Db, orgId: string, projectId: string) =>
  inArray(
    auditRequests.auditId,
    db
      .select({ id: audits.id })
      .from(audits)
      .where(and(eq(audits.organizationId, orgId), eq(audits.projectId, projectId))),
  )

/** Whether any request of the project's audits was ever sent to its client. */
export async function projectHasSentRequests(db: Db, orgId: string, projectId: string) {
  const [row] = await db
    .select({ id: auditRequests.id })
    .from(auditRequests)
    .where(and(ofProject(db, orgId, projectId), isNotNull(auditRequests.sentAt)))
    .limit(1)
  return Boolean(row)
}

/** Clears the assignees of the project's requests (its client changes: they were that client's). */
export async function clearProjectAssignees(db: Db, orgId: string, projectId: string, now: Date) {
  await db
    .update(auditRequests)
    .set({ assigneeUserId: null, updatedAt: now })
    .where(and(ofProject(db, orgId, projectId), isNotNull(auditRequests.assigneeUserId)))
}

/** The audit's requests in their order, as a section's move reads them (call with it locked). */
export function auditOrder(db: Db, orgId: string, auditId: string) {
  return db
    .select({
      id: auditRequests.id,
      number: auditRequests.number,
      section: auditRequests.section,
      status: auditRequests.status,
      position: auditRequests.position,
    })
    .from(auditRequests)
    .where(ofAudit(orgId, auditId))
    .orderBy(asc(auditRequests.position))
}

/**
 * Gives drafts of the audit new order keys, in one statement after a first pass that moves their
 * keys out of the way ('~' sorts after every key character, as in respaceKeys). Returns how many
 * were still drafts; call with the audit locked.
 */
export async function placeDrafts(
  db: Db,
  orgId: string,
  auditId: string,
  places: Array<{ id: string; position: string }>,
  now: Date,
) {
  if (places.length === 0) return 0
  const ids = places.map((place) => place.id)
  const drafts = and(
    ofAudit(orgId, auditId),
    idIn(auditRequests.id, ids),
    eq(auditRequests.status, 'draft'),
  )
  await db
    .update(auditRequests)
    .set({ position: sql`'~' || ${auditRequests.position}` })
    .where(drafts)
  const keyOf = sql.join(
    places.map((place) => sql`when ${place.id}::uuid then ${place.position}`),
    sql` `,
  )
  const moved = await db
    .update(auditRequests)
    .set({ position: sql`case ${auditRequests.id} ${keyOf} end`, updatedAt: now })
    .where(drafts)
    .returning({ id: auditRequests.id })
  return moved.length
}

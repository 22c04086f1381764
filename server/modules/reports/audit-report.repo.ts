import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { REQUEST_STATUSES, type RequestStatus } from '@shared/schemas/requests'
import { selectRows, type Db } from '../../db/client'
import type { Principal } from '../../access/principal'
import { visibleRequests } from '../../access/audience'
import {
  auditRequests,
  audits,
  people,
  projects,
  requestVersions,
  users,
  withPerson,
} from '../../db/schema'
import { awaitingClient } from '../requests/request-conditions'

/** The reads behind an audit's figures (shared/schemas/reports.ts defines them). */

type RequestScope = Pick<Principal, 'role' | 'clientId'>

/** Open: sent, and neither accepted nor set aside. */
const open = sql`${auditRequests.status} in ('sent', 'submitted', 'returned')`

const ofAudit = (orgId: string, auditId: string) =>
  and(eq(auditRequests.organizationId, orgId), eq(auditRequests.auditId, auditId))

/** The day a moment falls on in the firm's time zone. */
const dayOf = (column: unknown, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`

/** Counts by status, and the overdue ones by days late (`today`: the firm's). */
export async function statusAndAging(db: Db, orgId: string, auditId: string, today: string) {
  const late = sql`${today}::date - ${auditRequests.dueDate}`
  const overdue = sql`${awaitingClient} and ${auditRequests.dueDate} < ${today}::date`
  const [byStatus, [aging]] = await Promise.all([
    db
      .select({ status: auditRequests.status, count: sql<number>`count(*)::int` })
      .from(auditRequests)
      .where(ofAudit(orgId, auditId))
      .groupBy(auditRequests.status),
    db
      .select({
        week: sql<number>`count(*) filter (where ${late} between 1 and 7)::int`,
        month: sql<number>`count(*) filter (where ${late} between 8 and 30)::int`,
        older: sql<number>`count(*) filter (where ${late} > 30)::int`,
      })
      .from(auditRequests)
      .where(and(ofAudit(orgId, auditId), overdue)),
  ])
  const counts = Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])) as Record<
    RequestStatus,
    number
  >
  for (const row of byStatus) counts[row.status] = Number(row.count)
  return {
    byStatus: counts,
    aging: { week: aging?.week ?? 0, month: aging?.month ?? 0, older: aging?.older ?? 0 },
  }
}

/** Assignees (null: nobody) with open requests, most first; at most `limit`. */
export function openByAssignee(
  db: Db,
  orgId: string,
  auditId: string,
  today: string,
  limit: number,
) {
  const openCount = sql<number>`count(*)::int`
  return db
    .select({
      userId: auditRequests.assigneeUserId,
      firstName: people.firstName,
      lastName: people.lastName,
      open: openCount,
      overdue: sql<number>`count(*) filter (where ${awaitingClient} and ${auditRequests.dueDate} < ${today}::date)::int`,
    })
    .from(auditRequests)
    .leftJoin(users, eq(users.id, auditRequests.assigneeUserId))
    .leftJoin(people, withPerson)
    .where(and(ofAudit(orgId, auditId), open))
    .groupBy(auditRequests.assigneeUserId, people.firstName, people.lastName)
    .orderBy(sql`${openCount} desc`, people.lastName, people.firstName)
    .limit(limit)
}

/**
 * The turnarounds' medians in hours, with how many each is over, and the answers submitted and
 * returned, in one statement. A request's client turnaround runs to its first submission; a
 * submission's decision is its return, or for the latest of an accepted request, the acceptance.
 * Each request's versions are read through the versions' index (a lateral join): a join of the
 * audit with every version of the company read them all (50 ms at 250,000 requests).
 */
export async function turnarounds(db: Db, orgId: string, auditId: string) {
  const hours = (from: unknown, to: unknown) => sql`extract(epoch from (${to} - ${from})) / 3600`
  const [row] = await selectRows<{
    clientMedian: number | string | null
    clientSamples: number
    reviewMedian: number | string | null
    reviewSamples: number
    submitted: number
    returned: number
  }>(
    db,
    sql`select
          percentile_cont(0.5) within group (order by d.client_hours) as "clientMedian",
          count(d.client_hours)::int as "clientSamples",
          percentile_cont(0.5) within group (order by d.review_hours) as "reviewMedian",
          count(d.review_hours)::int as "reviewSamples",
          count(*)::int as submitted,
          count(*) filter (where d.returned)::int as returned
        from ${auditRequests}
        cross join lateral (
          select v.returned_at is not null as returned,
            case when v.number = min(v.number) over () and ${auditRequests.sentAt} is not null
              then ${hours(auditRequests.sentAt, sql`v.submitted_at`)} end as client_hours,
            ${hours(
              sql`v.submitted_at`,
              sql`coalesce(v.returned_at, case
                when ${auditRequests.status} = 'accepted' and v.number = max(v.number) over ()
                then ${auditRequests.acceptedAt} end)`,
            )} as review_hours
          from ${requestVersions} v
          where v.request_id = ${auditRequests.id} and v.submitted_at is not null
        ) d
        where ${ofAudit(orgId, auditId)}`,
  )
  const number = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value)
  return {
    clientHours: number(row?.clientMedian),
    clientSamples: row?.clientSamples ?? 0,
    reviewHours: number(row?.reviewMedian),
    reviewSamples: row?.reviewSamples ?? 0,
    submitted: row?.submitted ?? 0,
    returned: row?.returned ?? 0,
  }
}

export interface SentGroup {
  /** The firm's days it was sent and closed on (closed: null while open), and its due date. */
  sentDay: string
  closedDay: string | null
  dueDate: string | null
  count: number
}

/**
 * The sent requests grouped by the days they were sent and closed on and their due date: enough
 * to count, for any day, those open then and those their due dates would leave open. A request
 * set aside is closed on its last change (the day it was set aside: it cannot change after).
 */
export function sentGroups(
  db: Db,
  orgId: string,
  auditId: string,
  timeZone: string,
): Promise<SentGroup[]> {
  const sentDay = dayOf(auditRequests.sentAt, timeZone)
  const closedDay = sql`case
    when ${auditRequests.status} = 'accepted' then ${dayOf(auditRequests.acceptedAt, timeZone)}
    when ${auditRequests.status} = 'not_applicable' then ${dayOf(auditRequests.updatedAt, timeZone)}
  end`
  return selectRows<SentGroup>(
    db,
    sql`select ${sentDay}::text as "sentDay", ${closedDay}::text as "closedDay",
          ${auditRequests.dueDate}::text as "dueDate", count(*)::int as count
        from ${auditRequests}
        where ${ofAudit(orgId, auditId)} and ${auditRequests.sentAt} is not null
        group by 1, 2, 3`,
  )
}

export interface OpenItem {
  number: number
  reference: string | null
  title: string
  status: RequestStatus
  dueDate: string | null
  /** Waiting for the client (not on something put to the firm). */
  awaitingClient: boolean
  assigneeId: string | null
  assigneeFirstName: string | null
  assigneeLastName: string | null
}

/**
 * The open requests the scope sees (a client user: their client's sent ones; the firm: every sent
 * one, as the client would), by assignee (by name, nobody last), then overdue first, then by due
 * date and number. One statement: an audit holds at most a few thousand.
 */
export function openItems(
  db: Db,
  orgId: string,
  auditId: string,
  scope: RequestScope,
  today: string,
) {
  const overdue = sql<boolean>`(${awaitingClient} and ${auditRequests.dueDate} < ${today}::date)`
  return db
    .select({
      number: auditRequests.number,
      reference: auditRequests.reference,
      title: auditRequests.title,
      status: auditRequests.status,
      dueDate: auditRequests.dueDate,
      awaitingClient: sql<boolean>`${awaitingClient}`,
      assigneeId: auditRequests.assigneeUserId,
      assigneeFirstName: people.firstName,
      assigneeLastName: people.lastName,
    })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .leftJoin(users, eq(users.id, auditRequests.assigneeUserId))
    .leftJoin(people, withPerson)
    .where(and(ofAudit(orgId, auditId), open, visibleRequests(scope)))
    .orderBy(
      sql`${people.lastName} asc nulls last`,
      sql`${people.firstName} asc nulls last`,
      auditRequests.assigneeUserId,
      sql`${overdue} desc`,
      sql`${auditRequests.dueDate} asc nulls last`,
      auditRequests.number,
    )
}

/**
 * The typed answers of the audit's answered requests (submitted or accepted) that the scope
 * sees, in number order: each request's latest submitted version, with an acknowledgement's
 * signature block.
 */
export function typedAnswers(db: Db, orgId: string, auditId: string, scope: RequestScope) {
  return db
    .selectDistinctOn([auditRequests.number], {
      number: auditRequests.number,
      reference: auditRequests.reference,
      title: auditRequests.title,
      status: auditRequests.status,
      answerType: requestVersions.answerType,
      answer: requestVersions.answer,
      signature: requestVersions.signature,
      submittedBy: requestVersions.submittedByName,
      submittedAt: requestVersions.submittedAt,
    })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .innerJoin(
      requestVersions,
      and(eq(requestVersions.requestId, auditRequests.id), isNotNull(requestVersions.submittedAt)),
    )
    .where(
      and(
        ofAudit(orgId, auditId),
        inArray(auditRequests.status, ['submitted', 'accepted']),
        visibleRequests(scope),
      ),
    )
    .orderBy(auditRequests.number, desc(requestVersions.number))
}
export type TypedAnswerItem = Awaited<ReturnType<typeof typedAnswers>>[number]

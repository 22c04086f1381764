import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { fullName } from '@shared/format'
import type { ReviewItem, ReviewQueueQuery } from '@shared/schemas/requests'
import { visibleRequests } from '../../access/audience'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { key, pageQuery, toPage, type Keyset } from '../../db/keyset'
import {
  auditMembers,
  auditRequests,
  audits,
  clients,
  people,
  projects,
  users,
} from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'

const assignee = alias(users, 'assignee')
const assigneePerson = alias(people, 'assignee_person')

/** The caller is on the team of the request's audit. */
const onTeam = (userId: string) =>
  sql`exists (select 1 from ${auditMembers}
    where ${auditMembers.auditId} = ${auditRequests.auditId} and ${auditMembers.userId} = ${userId})`

/**
 * The company's submitted requests, those of the caller's audits first, then the oldest
 * submission first (`submitted_at` is set by every submission), a page at a time. Read as two
 * ordered walks (the caller's audits, then the others), each picking the page's ids before reading
 * their details: nothing is computed for the answers the page does not show.
 */
export async function reviewQueue(
  db: Db,
  principal: Principal,
  query: ReviewQueueQuery,
  /** Those of the caller's audits only (My work), without the second read. */
  { mineOnly = false }: { mineOnly?: boolean } = {},
) {
  /** `lastRow`: where the page ends in this read (the second one fills what the first left). */
  const read = (mine: boolean, lastRow: number) => {
    const order: Keyset = {
      keys: [
        key(sql`${mine ? 0 : 1}::int`, 'int4'),
        key(auditRequests.submittedAt, 'timestamptz'),
        key(auditRequests.id, 'uuid'),
      ],
      direction: 'asc',
    }
    const page = pageQuery(order, query, lastRow)
    const team = onTeam(principal.userId)
    // The page's requests first, through the review index alone; their details after, for them only.
    const picked = db
      .select({ id: sql<string>`${auditRequests.id}`.as('picked_id') })
      .from(auditRequests)
      .where(
        and(
          eq(auditRequests.organizationId, principal.organizationId),
          eq(auditRequests.status, 'submitted'),
          mine ? team : sql`not ${team}`,
          query.auditId ? eq(auditRequests.auditId, query.auditId) : undefined,
          query.clientId
            ? sql`${auditRequests.auditId} in (select ${audits.id} from ${audits}
                join ${projects} on ${projects.id} = ${audits.projectId}
                where ${projects.clientId} = ${query.clientId})`
            : undefined,
          page.after,
        ),
      )
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .as('picked')
    return db
      .select({
        id: auditRequests.id,
        number: auditRequests.number,
        title: auditRequests.title,
        auditId: auditRequests.auditId,
        auditName: audits.name,
        clientId: projects.clientId,
        clientName: clients.name,
        assigneeFirstName: assigneePerson.firstName,
        assigneeLastName: assigneePerson.lastName,
        submittedAt: isoTimestamp(auditRequests.submittedAt),
        pageKey: page.pageKey,
      })
      .from(picked)
      .innerJoin(auditRequests, eq(auditRequests.id, picked.id))
      .innerJoin(audits, eq(audits.id, auditRequests.auditId))
      .innerJoin(projects, eq(projects.id, audits.projectId))
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .leftJoin(assignee, eq(assignee.id, auditRequests.assigneeUserId))
      .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
      .where(visibleRequests(principal))
      .orderBy(...page.orderBy)
      .then((rows) => rows.map((row) => ({ ...row, onMyAudit: mine })))
  }
  const mine = await read(true, query.limit)
  // A page filled by the caller's audits (and one row more) needs nothing of the others.
  const rows =
    mineOnly || mine.length > query.limit
      ? mine
      : [...mine, ...(await read(false, query.limit - mine.length))]
  const { items, next } = toPage(rows, query)
  return {
    items: items.map(({ assigneeFirstName, assigneeLastName, ...row }): ReviewItem => ({
      ...row,
      submittedAt: row.submittedAt!,
      assigneeName: assigneeFirstName
        ? fullName({ firstName: assigneeFirstName, lastName: assigneeLastName ?? '' })
        : null,
    })),
    next,
  }
}

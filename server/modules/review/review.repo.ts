import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { fullName } from '@shared/format'
import type { ReviewItem, ReviewQueueQuery } from '@shared/schemas/requests'
import { visibleRequests } from '../../access/audience'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { key, pageQuery, toPage, type Keyset } from '../../db/keyset'
import { auditMembers, auditRequests, audits, clients, projects, users } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'

const assignee = alias(users, 'assignee')

/** 0 on an audit whose team the caller is on, 1 otherwise: theirs come first. */
const notMine = (userId: string) =>
  sql<number>`(case when exists (select 1 from ${auditMembers}
    where ${auditMembers.auditId} = ${auditRequests.auditId} and ${auditMembers.userId} = ${userId})
    then 0 else 1 end)`

/**
 * The company's submitted requests, the caller's audits first, then the oldest submission first
 * (`submitted_at` is set by every submission), a page at a time.
 */
export async function reviewQueue(db: Db, principal: Principal, query: ReviewQueueQuery) {
  const rank = notMine(principal.userId)
  const order: Keyset = {
    keys: [
      key(rank, 'int4'),
      key(auditRequests.submittedAt, 'timestamptz'),
      key(auditRequests.id, 'uuid'),
    ],
    direction: 'asc',
  }
  const page = pageQuery(order, query)
  const rows = await db
    .select({
      id: auditRequests.id,
      number: auditRequests.number,
      title: auditRequests.title,
      auditId: auditRequests.auditId,
      auditName: audits.name,
      clientId: projects.clientId,
      clientName: clients.name,
      assigneeFirstName: assignee.firstName,
      assigneeLastName: assignee.lastName,
      submittedAt: isoTimestamp(auditRequests.submittedAt),
      rank,
      pageKey: page.pageKey,
    })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(assignee, eq(assignee.id, auditRequests.assigneeUserId))
    .where(
      and(
        eq(auditRequests.organizationId, principal.organizationId),
        eq(auditRequests.status, 'submitted'),
        query.auditId ? eq(auditRequests.auditId, query.auditId) : undefined,
        query.clientId ? eq(projects.clientId, query.clientId) : undefined,
        visibleRequests(principal),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  const { items, next } = toPage(rows, query)
  return {
    items: items.map(
      ({ assigneeFirstName, assigneeLastName, rank: mineLast, ...row }): ReviewItem => ({
        ...row,
        submittedAt: row.submittedAt!,
        assigneeName: assigneeFirstName
          ? fullName({ firstName: assigneeFirstName, lastName: assigneeLastName ?? '' })
          : null,
        onMyAudit: Number(mineLast) === 0,
      }),
    ),
    next,
  }
}

import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/client'
import { auditRequests, audits, clients, organizationCounts, projects } from '../../db/schema'
import { teamAuditIds } from '../audits/team-conditions'
import { overdueOn } from '../requests/request-conditions'

export interface DashboardCounts {
  totalClients: number
  activeProjects: number
  inProgressAudits: number
  /** Accepted audit requests. */
  completedItems: number
}

/**
 * The company's counts. Firm-wide, they are its row of organization_counts (kept by triggers,
 * decision 014): counting a firm's clients, projects, audits and requests grew with its history.
 * `clientId` confines them to one client's records, counted in one statement through indexes.
 */
export async function dashboardCounts(db: Db, orgId: string, clientId: string | undefined) {
  if (!clientId) {
    const [row] = await db
      .select({
        totalClients: organizationCounts.clients,
        activeProjects: organizationCounts.activeProjects,
        inProgressAudits: organizationCounts.inProgressAudits,
        completedItems: organizationCounts.acceptedRequests,
      })
      .from(organizationCounts)
      .where(eq(organizationCounts.organizationId, orgId))
    // A company with nothing counted yet has no row.
    return row ?? { totalClients: 0, activeProjects: 0, inProgressAudits: 0, completedItems: 0 }
  }
  // The accepted requests audit by audit through the requests' audit index: a planner without
  // statistics (the embedded database never analyzes) would otherwise scan the firm's accepted ones.
  const [counts] = await selectRows<DashboardCounts>(
    db,
    sql`select
    (select count(*)::int from ${clients} where ${clients.organizationId} = ${orgId} and ${clients.id} = ${clientId}) as "totalClients",
    (select count(*)::int from ${projects} where ${projects.organizationId} = ${orgId} and ${projects.status} = 'active' and ${projects.clientId} = ${clientId}) as "activeProjects",
    (select count(*)::int from ${audits} where ${audits.organizationId} = ${orgId} and ${audits.status} = 'in_progress' and ${audits.projectId} in (select ${projects.id} from ${projects} where ${projects.clientId} = ${clientId})) as "inProgressAudits",
    (select coalesce(sum(accepted.n), 0)::int from ${audits} join ${projects} on ${projects.id} = ${audits.projectId} cross join lateral (select count(*) as n from ${auditRequests} where ${auditRequests.auditId} = ${audits.id} and ${auditRequests.status} = 'accepted') as accepted where ${audits.organizationId} = ${orgId} and ${projects.clientId} = ${clientId}) as "completedItems"`,
  )
  return counts!
}

export interface OverdueAuditRow {
  auditId: string
  auditName: string
  clientName: string
  overdue: number
  oldestDueDate: string
  mine: boolean
}

/**
 * The firm's overdue requests (due before `today`, waiting for the client), each count read up to
 * `cap` (a count at the cap means at least that many): all of them, and those of the caller's
 * audits (the audits whose team they are on).
 */
export async function overdueCounts(
  db: Db,
  orgId: string,
  userId: string,
  today: string,
  cap: number,
) {
  const late = overdueOn(today)
  const [row] = await selectRows<{ total: number; mine: number }>(
    db,
    sql`select
      (select count(*)::int from (select 1 from ${auditRequests}
        where ${auditRequests.organizationId} = ${orgId} and ${late} limit ${cap}) as firm) as total,
      (select count(*)::int from (select 1 from ${auditRequests}
        where ${auditRequests.auditId} in (${teamAuditIds(orgId, userId)}) and ${late} limit ${cap}) as own) as mine`,
  )
  return row!
}

/**
 * Up to `limit` audits with overdue requests: the caller's first (most overdue first), then the
 * firm's others whose overdue requests are the oldest (found among the OLDEST_SCANNED oldest overdue
 * requests), each with its count and its oldest due date. Every read is bounded: the caller's
 * audits, a prefix of the company's overdue index, and an audit's own index.
 */
export function overdueAudits(db: Db, orgId: string, userId: string, today: string, limit: number) {
  const late = overdueOn(today)
  return selectRows<OverdueAuditRow>(
    db,
    sql`with own as (
      select ${auditRequests.auditId} as audit_id, count(*)::int as overdue,
             min(${auditRequests.dueDate}) as oldest, true as mine
      from ${auditRequests}
      where ${auditRequests.auditId} in (${teamAuditIds(orgId, userId)}) and ${late}
      group by ${auditRequests.auditId}
      order by overdue desc, oldest, audit_id
      limit ${limit}
    ), oldest as (
      select ${auditRequests.auditId} as audit_id, ${auditRequests.dueDate} as due_date
      from ${auditRequests}
      where ${auditRequests.organizationId} = ${orgId} and ${late}
      order by ${auditRequests.dueDate}
      limit ${OLDEST_SCANNED}
    ), others as (
      select oldest.audit_id, min(oldest.due_date) as oldest
      from oldest
      where oldest.audit_id not in (${teamAuditIds(orgId, userId)})
      group by oldest.audit_id
      order by oldest, oldest.audit_id
      limit ${limit}
    ), picked as (
      select * from own
      union all
      select others.audit_id, counted.overdue, others.oldest, false
      from others cross join lateral (
        select count(*)::int as overdue from ${auditRequests}
        where ${auditRequests.auditId} = others.audit_id and ${late}) as counted
    )
    select picked.audit_id as "auditId", ${audits.name} as "auditName", ${clients.name} as "clientName",
           picked.overdue, picked.oldest::text as "oldestDueDate", picked.mine
    from picked
    join ${audits} on ${audits.id} = picked.audit_id
    join ${projects} on ${projects.id} = ${audits.projectId}
    join ${clients} on ${clients.id} = ${projects.clientId}
    order by picked.mine desc, case when picked.mine then picked.overdue end desc, picked.oldest, picked.audit_id
    limit ${limit}`,
  )
}

/**
 * The company's answers waiting for review (its submitted requests), read up to `cap` from the
 * review queue's partial index (a count at the cap means at least that many).
 */
export async function awaitingReviewCount(db: Db, orgId: string, cap: number) {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from ${auditRequests}
      where ${auditRequests.organizationId} = ${orgId} and ${auditRequests.status} = 'submitted'
      limit ${cap}) as submitted`,
  )
  return row!.total
}

/** How many of the company's oldest overdue requests name the audits beyond the caller's. */
const OLDEST_SCANNED = 500

import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/client'
import {
  auditMembers,
  auditRequests,
  audits,
  clients,
  organizationCounts,
  projects,
} from '../../db/schema'
import { awaitingClient } from '../requests/request-conditions'

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
  total: number
  totalMine: number
}

/**
 * The firm's overdue requests (due before `today`, waiting for the client), counted in all and in
 * the caller's audits (those whose team they are on), with the `limit` audits holding most of
 * them, the caller's first. Read through the index of requests waiting for the client by due date.
 */
export function overdueAudits(db: Db, orgId: string, userId: string, today: string, limit: number) {
  return selectRows<OverdueAuditRow>(
    db,
    sql`with late as (
      select ${auditRequests.auditId} as audit_id, count(*)::int as overdue,
             min(${auditRequests.dueDate})::text as oldest
      from ${auditRequests}
      where ${auditRequests.organizationId} = ${orgId}
        and ${awaitingClient}
        and ${auditRequests.dueDate} < ${today}::date
      group by ${auditRequests.auditId}
    ), marked as (
      select late.*, exists (select 1 from ${auditMembers}
          where ${auditMembers.auditId} = late.audit_id and ${auditMembers.userId} = ${userId}) as mine
      from late
    ), ranked as (
      select marked.*, sum(overdue) over ()::int as total,
             coalesce(sum(overdue) filter (where mine) over (), 0)::int as total_mine
      from marked
      order by mine desc, overdue desc, oldest, audit_id
      limit ${limit}
    )
    select ranked.audit_id as "auditId", ${audits.name} as "auditName", ${clients.name} as "clientName",
           ranked.overdue, ranked.oldest as "oldestDueDate", ranked.mine, ranked.total,
           ranked.total_mine as "totalMine"
    from ranked
    join ${audits} on ${audits.id} = ranked.audit_id
    join ${projects} on ${projects.id} = ${audits.projectId}
    join ${clients} on ${clients.id} = ${projects.clientId}
    order by ranked.mine desc, ranked.overdue desc, ranked.oldest, ranked.audit_id`,
  )
}

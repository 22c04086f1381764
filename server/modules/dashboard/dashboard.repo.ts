import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/client'
import { auditRequests, audits, clients, organizationCounts, projects } from '../../db/schema'

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

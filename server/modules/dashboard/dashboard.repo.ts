import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/client'
import { auditRequests, audits, clients, projects, requestCounts } from '../../db/schema'

export interface DashboardCounts {
  totalClients: number
  activeProjects: number
  inProgressAudits: number
  /** Accepted audit requests. */
  completedItems: number
}

/**
 * The company's counts in one statement; `clientId` confines them to one client's records. Each
 * reads an index alone, the company's accepted requests its row of request_counts (kept by a
 * trigger, decision 014): a count over a firm's every request grew with its history.
 */
export async function dashboardCounts(db: Db, orgId: string, clientId: string | undefined) {
  const ofClient = (column: typeof clients.id | typeof projects.clientId) =>
    clientId ? sql` and ${column} = ${clientId}` : sql``
  const [counts] = await selectRows<DashboardCounts>(
    db,
    sql`select
    (select count(*)::int from ${clients} where ${clients.organizationId} = ${orgId}${ofClient(clients.id)}) as "totalClients",
    (select count(*)::int from ${projects} where ${projects.organizationId} = ${orgId} and ${projects.status} = 'active'${ofClient(projects.clientId)}) as "activeProjects",
    (select count(*)::int from ${audits} where ${audits.organizationId} = ${orgId} and ${audits.status} = 'in_progress'${
      clientId
        ? sql` and ${audits.projectId} in (select ${projects.id} from ${projects} where ${projects.clientId} = ${clientId})`
        : sql``
    }) as "inProgressAudits",
    ${
      clientId
        ? // Audit by audit through the requests' audit index: a planner without statistics (the
          // embedded database never analyzes) would otherwise scan the firm's accepted requests.
          sql`(select coalesce(sum(accepted.n), 0)::int from ${audits} join ${projects} on ${projects.id} = ${audits.projectId} cross join lateral (select count(*) as n from ${auditRequests} where ${auditRequests.auditId} = ${audits.id} and ${auditRequests.status} = 'accepted') as accepted where ${audits.organizationId} = ${orgId} and ${projects.clientId} = ${clientId})`
        : sql`coalesce((select ${requestCounts.accepted} from ${requestCounts} where ${requestCounts.organizationId} = ${orgId}), 0)`
    } as "completedItems"`,
  )
  return counts!
}

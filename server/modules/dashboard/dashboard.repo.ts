import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/client'
import { auditRequests, audits, clients, projects } from '../../db/schema'

export interface DashboardCounts {
  totalClients: number
  activeProjects: number
  inProgressAudits: number
  /** Accepted audit requests. */
  completedItems: number
}

/** The company's counts in one statement; `clientId` confines them to one client's records. */
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
    (select count(*)::int from ${auditRequests} where ${auditRequests.organizationId} = ${orgId} and ${auditRequests.status} = 'accepted'${
      clientId
        ? sql` and ${auditRequests.auditId} in (select ${audits.id} from ${audits} join ${projects} on ${projects.id} = ${audits.projectId} where ${projects.clientId} = ${clientId})`
        : sql``
    }) as "completedItems"`,
  )
  return counts!
}

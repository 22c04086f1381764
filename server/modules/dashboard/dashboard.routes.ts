import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dashboardDto } from '@shared/schemas/dashboard'
import { selectRows } from '../../db/client'
import { auditRequests, audits, clients, projects } from '../../db/schema'
import { clientScopeOf, currentUser, orgOf as org } from '../../plugins/session'
import { recentActivity } from '../activity/activity.repo'

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { allowClientUsers: true }, schema: { response: { 200: dashboardDto } } },
    async (request) => {
      const orgId = org(request)
      // A client-role user's dashboard counts only their client's records.
      const clientId = clientScopeOf(request)
      const ofClient = (column: typeof clients.id | typeof projects.clientId) =>
        clientId ? sql` and ${column} = ${clientId}` : sql``
      const [counts] = await selectRows<{
        totalClients: number
        activeProjects: number
        inProgressAudits: number
        completedItems: number
      }>(
        app.db,
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
      // The company's trail is staff information: a client user sees only their own events.
      const activity = await recentActivity(
        app.db,
        orgId,
        clientId ? { actorUserId: currentUser(request).id } : {},
      )
      // completedItems: accepted audit requests.
      return { ...counts!, recentActivity: activity }
    },
  )
}

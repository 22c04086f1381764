import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dashboardDto } from '@shared/schemas/dashboard'
import { selectRows } from '../../db/client'
import { audits, clients, projects } from '../../db/schema'
import { orgOf as org } from '../../plugins/session'

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: dashboardDto } } }, async (request) => {
    const orgId = org(request)
    const [counts] = await selectRows<{
      totalClients: number
      activeProjects: number
      inProgressAudits: number
    }>(
      app.db,
      sql`select
        (select count(*)::int from ${clients} where ${clients.organizationId} = ${orgId}) as "totalClients",
        (select count(*)::int from ${projects} where ${projects.organizationId} = ${orgId} and ${projects.status} = 'active') as "activeProjects",
        (select count(*)::int from ${audits} where ${audits.organizationId} = ${orgId} and ${audits.status} = 'in_progress') as "inProgressAudits"`,
    )
    // Accepted audit requests and the activity log arrive with the audit workspace and administration.
    return { ...counts!, completedItems: 0, recentActivity: [] }
  })
}

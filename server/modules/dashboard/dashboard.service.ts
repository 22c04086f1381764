import type { FastifyInstance } from 'fastify'
import { clientScope, type Principal } from '../../access/principal'
import { recentActivity } from '../activity/activity.repo'
import { dashboardCounts } from './dashboard.repo'

export function dashboardService({ db }: FastifyInstance) {
  return {
    /** A client user's dashboard counts only their client's records, and shows their own events. */
    async get(principal: Principal) {
      const clientId = clientScope(principal)
      const counts = await dashboardCounts(db, principal.organizationId, clientId)
      // The company's trail is the firm's information.
      const activity = await recentActivity(
        db,
        principal.organizationId,
        clientId ? { actorUserId: principal.userId } : {},
      )
      return { ...counts, recentActivity: activity }
    },
  }
}

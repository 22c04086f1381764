import type { FastifyInstance } from 'fastify'
import type { PageQuery } from '@shared/schemas/pagination'
import { clientScope } from '../../access/audience'
import type { Principal } from '../../access/principal'
import { activityPage, recentActivity } from '../activity/activity.repo'
import { dashboardCounts } from './dashboard.repo'

/** The company's trail is the firm's information: a client user sees their own events only. */
const activityOf = (principal: Principal) =>
  clientScope(principal) ? { actorUserId: principal.userId } : {}

export function dashboardService({ db }: FastifyInstance) {
  return {
    /** A client user's dashboard counts only their client's records, and shows their own events. */
    async get(principal: Principal) {
      const counts = await dashboardCounts(db, principal.organizationId, clientScope(principal))
      const activity = await recentActivity(db, principal.organizationId, activityOf(principal))
      return { ...counts, recentActivity: activity }
    },

    activity: (principal: Principal, query: PageQuery) =>
      activityPage(db, principal.organizationId, activityOf(principal), query),
  }
}

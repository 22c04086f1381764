import type { FastifyInstance } from 'fastify'
import type { PageQuery } from '@shared/schemas/pagination'
import { clientScope } from '../../access/audience'
import type { Principal } from '../../access/principal'
import { activityPage, recentActivity } from '../activity/activity.repo'
import { calendarDay } from '@shared/format'
import { OVERDUE_AUDITS_SHOWN, OVERDUE_COUNT_CAP } from '@shared/schemas/dashboard'
import { findOrganizationDisplay } from '../organization/organization.repo'
import {
  awaitingReviewCount,
  dashboardCounts,
  overdueAudits,
  overdueCounts,
} from './dashboard.repo'

/** The company's trail is the firm's information: a client user sees their own events only. */
const activityOf = (principal: Principal) =>
  clientScope(principal) ? { actorUserId: principal.userId } : {}

export function dashboardService({ db, clock }: FastifyInstance) {
  /**
   * The firm's overdue requests, counted and by audit (the caller's audits first), on the firm's
   * today (its time zone), as My work counts them.
   */
  async function overdueSummary(principal: Principal) {
    const { organizationId: orgId, userId } = principal
    const day = calendarDay(clock(), (await findOrganizationDisplay(db, orgId)).timeZone)
    const counts = await overdueCounts(db, orgId, userId, day, OVERDUE_COUNT_CAP)
    const audits =
      counts.total === 0 ? [] : await overdueAudits(db, orgId, userId, day, OVERDUE_AUDITS_SHOWN)
    return { ...counts, audits }
  }

  return {
    /** A client user's dashboard counts only their client's records, and shows their own events. */
    async get(principal: Principal) {
      const scope = clientScope(principal)
      const counts = await dashboardCounts(db, principal.organizationId, scope)
      const overdue = scope ? null : await overdueSummary(principal)
      const awaitingReview = scope
        ? null
        : await awaitingReviewCount(db, principal.organizationId, OVERDUE_COUNT_CAP)
      const activity = await recentActivity(db, principal.organizationId, activityOf(principal))
      return { ...counts, overdue, awaitingReview, recentActivity: activity }
    },

    activity: (principal: Principal, query: PageQuery) =>
      activityPage(db, principal.organizationId, activityOf(principal), query),
  }
}

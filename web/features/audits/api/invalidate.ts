import { auditQueries, dashboardQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'

/** After any request change: the audit's list, every request detail and My requests, the dashboard. */
export const requestChanges = () => [requestQueries.all, dashboardQueries.all]

/**
 * After a team change (the audit itself is updated from the reply): the audit lists, which show
 * each lead, and the dashboard's activity.
 */
export const teamChanges = () => [[...auditQueries.all, 'list'], dashboardQueries.all]

import { auditQueries, dashboardQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'

/** After any request change: the audit's list, every request detail and My requests, the dashboard. */
export const requestChanges = () => [requestQueries.all, dashboardQueries.all]

/** After a team change: the above, and every audit (their lead shows on the project's page). */
export const teamChanges = () => [...requestChanges(), auditQueries.all]

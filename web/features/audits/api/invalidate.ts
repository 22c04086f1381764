import { dashboardQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'

/** After any request change: the audit's list, every request detail and My requests, the dashboard. */
export const requestChanges = () => [requestQueries.all, dashboardQueries.all]

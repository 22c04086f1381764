import type { RequestStatus } from '@shared/schemas/requests'

// The Requests tab reads its filter from these parameters (lib/request-table-filter.ts).

/** Sent and not done, as the report counts "open". */
const OPEN_STATUSES: readonly RequestStatus[] = ['sent', 'submitted', 'returned']

/** The audit's Requests tab showing the requests of one status. */
export const requestsWithStatus = (auditId: string, status: RequestStatus) =>
  `/audits/${auditId}?status=${status}`

/** The audit's Requests tab showing its overdue requests. */
export const overdueRequests = (auditId: string) => `/audits/${auditId}?overdue=1`

/** The audit's Requests tab showing the open requests of one assignee: those the report counts. */
export const openRequestsOf = (auditId: string, userId: string) =>
  `/audits/${auditId}?status=${OPEN_STATUSES.join(',')}&assignee=${encodeURIComponent(userId)}`

import { idParams } from '../schemas/common'
import { auditReportDto } from '../schemas/reports'
import { defineRoute } from './route'

/** The firm's figures (shared/schemas/reports.ts defines each one). */
export const reportsApi = {
  audit: defineRoute({
    method: 'GET',
    path: '/api/audits/:id/report',
    tag: 'Reports',
    summary: 'An audit’s figures',
    description:
      'Progress, requests by status, overdue aging, turnarounds, return rate, open requests by assignee and a burn-down, in the firm’s time zone. The firm’s only.',
    access: 'engagements.manage',
    params: idParams,
    status: 200,
    reply: auditReportDto,
  }),
}

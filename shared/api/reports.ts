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
  auditPdf: defineRoute({
    method: 'GET',
    path: '/api/audits/:id/report.pdf',
    tag: 'Reports',
    summary: 'An audit’s status report for its client (PDF)',
    description:
      'Firm and client, progress, and the open requests grouped by assignee with their due dates, overdue first: only what the client sees. A client user may download their own audit’s.',
    access: 'workspace.read',
    params: idParams,
    status: 200,
    reply: { file: 'application/pdf', description: 'The report' },
  }),
}

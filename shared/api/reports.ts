import { FILE_TYPES } from '../content-types'
import { idParams } from '../schemas/common'
import {
  auditReportDto,
  portfolioDto,
  portfolioFileQuery,
  portfolioQuery,
} from '../schemas/reports'
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
  portfolio: defineRoute({
    method: 'GET',
    path: '/api/reports/portfolio',
    tag: 'Reports',
    summary: 'Every audit of the firm and where it stands',
    description:
      'A page of the firm’s audits with their progress, overdue requests, next due date, the client’s last activity and whether they are slipping, with the figures summed over every audit the filter matches. The firm’s only.',
    access: 'engagements.manage',
    query: portfolioQuery,
    status: 200,
    reply: portfolioDto,
    page: true,
  }),
  portfolioXlsx: defineRoute({
    method: 'GET',
    path: '/api/reports/portfolio.xlsx',
    tag: 'Reports',
    summary: 'The portfolio as filtered (Excel workbook)',
    description: 'Every audit the filter matches, one row each, and a summary sheet.',
    access: 'engagements.manage',
    query: portfolioFileQuery,
    status: 200,
    reply: {
      file: FILE_TYPES.xlsx,
      description: 'The workbook',
    },
  }),
  portfolioCsv: defineRoute({
    method: 'GET',
    path: '/api/reports/portfolio.csv',
    tag: 'Reports',
    summary: 'The portfolio as filtered (CSV)',
    description: 'Every audit the filter matches, one row each.',
    access: 'engagements.manage',
    query: portfolioFileQuery,
    status: 200,
    reply: { file: 'text/csv', description: 'The table' },
  }),
}

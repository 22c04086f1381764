import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { calendarDay, formatDayTime, fullName } from '@shared/format'
import { PROJECT_STATUS_LABELS } from '@shared/schemas/projects'
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '@shared/schemas/requests'
import {
  AUDIT_STAGE_LABELS,
  AUDIT_STAGES,
  OVERDUE_AGING,
  type Portfolio,
  type PortfolioAudit,
  type PortfolioFileQuery,
  type PortfolioQuery,
} from '@shared/schemas/reports'
import type { Principal } from '../../access/principal'
import { toCsv } from '../../files/csv'
import { oneSegment, safeFileName } from '../../files/names'
import { iso } from '../../lib/dto'
import { readAsTenant } from '../../lib/tenant'
import { tableWorkbook, type TableColumn, type TableRow } from '../exports/workbook'
import { findOrganizationDisplay } from '../organization/organization.repo'
import {
  holdersOf,
  portfolioInBatches,
  portfolioPage,
  portfolioTotals,
  type Holder,
  type PortfolioRow,
  type PortfolioWhere,
} from './portfolio.repo'

/** The portfolio's table as the XLSX and CSV write it. */
const PORTFOLIO_COLUMNS: readonly TableColumn[] = [
  { header: 'Client', kind: 'text', width: 26 },
  { header: 'Project', kind: 'text', width: 26 },
  { header: 'Project status', kind: 'text', width: 14 },
  { header: 'Audit', kind: 'text', width: 30 },
  { header: 'Lead', kind: 'text', width: 22 },
  { header: 'Stage', kind: 'fill', width: 12 },
  { header: 'Slipping', kind: 'text', width: 10 },
  { header: 'Requests', kind: 'number', width: 10 },
  { header: 'Sent', kind: 'number', width: 8 },
  { header: 'Done', kind: 'number', width: 8 },
  { header: 'Open', kind: 'number', width: 8 },
  { header: 'Awaiting review', kind: 'number', width: 10 },
  { header: 'Overdue', kind: 'number', width: 9 },
  { header: 'Most days late', kind: 'number', width: 10 },
  { header: 'Next due date', kind: 'day', width: 13 },
  { header: 'Audit due date', kind: 'day', width: 13 },
  { header: 'Days since client activity', kind: 'number', width: 12 },
  { header: 'Held by', kind: 'text', width: 22 },
  { header: 'Held open', kind: 'number', width: 9 },
]

/** Stage colours of the workbook (ARGB); a slipping audit is marked red whatever its stage. */
const STAGE_FILLS = {
  not_sent: 'FFEDEDED',
  open: 'FFDCEBFB',
  done: 'FFD6F0DD',
  completed: 'FFE4E4E7',
} as const
const SLIPPING_FILL = 'FFFBDADA'

const nameOf = (person: { firstName: string | null; lastName: string | null }) =>
  person.firstName === null
    ? null
    : fullName({ firstName: person.firstName, lastName: person.lastName ?? '' })

function toAudit(row: PortfolioRow, holder: Holder | undefined): PortfolioAudit {
  const sent = row.sent + row.submitted + row.accepted + row.returned + row.notApplicable
  const leadName = nameOf({ firstName: row.leadFirstName, lastName: row.leadLastName })
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    stage: row.stage,
    dueDate: row.dueDate,
    client: { id: row.clientId, name: row.clientName },
    project: { id: row.projectId, name: row.projectName, status: row.projectStatus },
    lead: row.leadId && leadName ? { id: row.leadId, name: leadName } : null,
    requests: sent + row.draft,
    progress: { done: row.accepted + row.notApplicable, sent },
    open: row.sent + row.submitted + row.returned,
    awaitingReview: row.submitted,
    overdue: row.overdue,
    mostDaysLate: row.mostDaysLate,
    nextDueDate: row.nextDueDate,
    lastClientActivityAt: row.clientActiveAt === null ? null : iso(new Date(row.clientActiveAt)),
    quietDays: row.quietDays,
    slipping: row.slipping,
    holder: holder ? { id: holder.id, name: fullName(holder), open: holder.open } : null,
  }
}

function tableRow(audit: PortfolioAudit): TableRow {
  return {
    cells: [
      audit.client.name,
      audit.project.name,
      PROJECT_STATUS_LABELS[audit.project.status],
      audit.name,
      audit.lead?.name ?? null,
      AUDIT_STAGE_LABELS[audit.stage],
      audit.slipping ? 'Yes' : 'No',
      audit.requests,
      audit.progress.sent,
      audit.progress.done,
      audit.open,
      audit.awaitingReview,
      audit.overdue,
      audit.mostDaysLate,
      audit.nextDueDate,
      audit.dueDate,
      audit.quietDays,
      audit.holder?.name ?? null,
      audit.holder?.open ?? null,
    ],
    fill: audit.slipping ? SLIPPING_FILL : STAGE_FILLS[audit.stage],
  }
}

/**
 * The firm's portfolio: every audit and where it stands (shared/schemas/reports.ts defines the
 * figures), a page at a time, and the whole filtered table as XLSX or CSV, streamed a batch at a
 * time in the firm's heavy-work turn.
 */
export function portfolioService({ db, clock, heavyWork, log }: FastifyInstance) {
  async function whereOf(principal: Principal, query: PortfolioFileQuery): Promise<PortfolioWhere> {
    const { timeZone } = await findOrganizationDisplay(db, principal.organizationId)
    const { sort: _sort, ...filter } = query
    return {
      orgId: principal.organizationId,
      today: calendarDay(clock(), timeZone),
      timeZone,
      filter,
    }
  }

  /** Rows with their holders (one statement for the batch). */
  async function withHolders(orgId: string, rows: PortfolioRow[]) {
    const holders = await holdersOf(
      db,
      orgId,
      rows.filter((row) => row.sent + row.returned > 0).map((row) => row.id),
    )
    return rows.map((row) => toAudit(row, holders.get(row.id)))
  }

  /** Every row the filter matches, a batch at a time, in the firm's turn until `done`. */
  async function* allAudits(where: PortfolioWhere, query: PortfolioFileQuery) {
    for await (const rows of portfolioInBatches(db, where, query.sort))
      yield await withHolders(where.orgId, rows)
  }

  const fileName = (extension: string) =>
    safeFileName(oneSegment(`portfolio-${calendarDay(clock(), 'UTC')}.${extension}`))

  return {
    async page(principal: Principal, query: PortfolioQuery) {
      const { limit, cursor, ...fileQuery } = query
      const where = await whereOf(principal, fileQuery)
      const [page, totals] = await Promise.all([
        portfolioPage(db, where, query.sort, { limit, cursor }),
        portfolioTotals(db, where),
      ])
      const byStage = {
        not_sent: totals.notSent,
        open: totals.open,
        done: totals.done,
        completed: totals.completed,
      }
      const byStatus = {
        draft: totals.draft,
        sent: totals.sent,
        submitted: totals.submitted,
        accepted: totals.accepted,
        returned: totals.returned,
        not_applicable: totals.notApplicable,
      }
      const aging = { week: totals.week, month: totals.month, older: totals.older }
      const portfolio: Portfolio = {
        today: where.today,
        timeZone: where.timeZone,
        quietDays: query.quietDays,
        totals: {
          audits: totals.audits,
          slipping: totals.slipping,
          byStage,
          byStatus,
          progress: {
            done: byStatus.accepted + byStatus.not_applicable,
            sent:
              byStatus.sent +
              byStatus.submitted +
              byStatus.accepted +
              byStatus.returned +
              byStatus.not_applicable,
          },
          overdue: {
            total: totals.overdue,
            aging: OVERDUE_AGING.map(({ key }) => ({ key, count: aging[key] })),
          },
        },
        audits: await withHolders(principal.organizationId, page.items),
      }
      return { items: portfolio, next: page.next }
    },

    async csv(principal: Principal, query: PortfolioFileQuery) {
      const where = await whereOf(principal, query)
      return heavyWork.stream(principal.organizationId, async () => {
        log.info(
          { event: 'portfolio.exported', userId: principal.userId, format: 'csv' },
          'portfolio exported',
        )
        const batches = allAudits(where, query)
        async function* lines() {
          yield `\uFEFF${toCsv([PORTFOLIO_COLUMNS.map((column) => column.header)])}`
          for await (const audits of batches)
            yield toCsv(audits.map((audit) => tableRow(audit).cells))
        }
        return { fileName: fileName('csv'), stream: Readable.from(readAsTenant(lines())) }
      })
    },

    /** The table as a workbook: a summary sheet (the filter's totals), then the audits. */
    async xlsx(principal: Principal, query: PortfolioFileQuery) {
      const where = await whereOf(principal, query)
      const [totals, firm] = await Promise.all([
        portfolioTotals(db, where),
        findOrganizationDisplay(db, principal.organizationId),
      ])
      return heavyWork.stream(principal.organizationId, async () => {
        log.info(
          { event: 'portfolio.exported', userId: principal.userId, format: 'xlsx' },
          'portfolio exported',
        )
        const stageCounts = {
          not_sent: totals.notSent,
          open: totals.open,
          done: totals.done,
          completed: totals.completed,
        }
        const statusCounts = {
          draft: totals.draft,
          sent: totals.sent,
          submitted: totals.submitted,
          accepted: totals.accepted,
          returned: totals.returned,
          not_applicable: totals.notApplicable,
        }
        const summary: Array<readonly [string, string | number | null]> = [
          ['Firm', firm.name],
          ['Exported', formatDayTime(clock(), firm.dateFormat, firm.timeZone)],
          ['Time zone', firm.timeZone],
          ['Audits', totals.audits],
          [
            `Slipping (overdue, or ${query.quietDays} days without client activity)`,
            totals.slipping,
          ],
          ...AUDIT_STAGES.map(
            (stage) => [`Stage: ${AUDIT_STAGE_LABELS[stage]}`, stageCounts[stage]] as const,
          ),
          ['Overdue requests', totals.overdue],
          ...OVERDUE_AGING.map(({ key, label }) => [`Overdue ${label}`, totals[key]] as const),
          ...REQUEST_STATUSES.map(
            (status) =>
              [`Requests: ${REQUEST_STATUS_LABELS[status]}`, statusCounts[status]] as const,
          ),
        ]
        const batches = allAudits(where, query)
        async function* rows() {
          for await (const audits of batches) yield audits.map(tableRow)
        }
        return {
          fileName: fileName('xlsx'),
          stream: tableWorkbook(
            summary,
            { name: 'Audits', columns: PORTFOLIO_COLUMNS },
            readAsTenant(rows()),
          ),
        }
      })
    },
  }
}

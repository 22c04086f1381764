import type { FastifyInstance } from 'fastify'
import { addDays, calendarDay, daysBetween, fullName } from '@shared/format'
import { BURN_DOWN_POINTS, OVERDUE_AGING, type AuditReport } from '@shared/schemas/reports'
import type { RequestStatus } from '@shared/schemas/requests'
import { clientScope } from '../../access/audience'
import type { Principal } from '../../access/principal'
import { oneSegment, safeFileName } from '../../files/names'
import { auditPlace, getAudit } from '../audits/audits.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { statusReportPdf } from './status-report-pdf'
import {
  openItems,
  typedAnswers,
  openByAssignee,
  sentGroups,
  statusAndAging,
  turnarounds,
  type SentGroup,
} from './audit-report.repo'

/** Assignees listed on an audit's report; a client has a handful of users. */
const ASSIGNEES_SHOWN = 50

/**
 * Open and planned-open requests at the end of each day from the first sending to `today`, a
 * point every few days when that is more than BURN_DOWN_POINTS days (today always the last).
 */
export function burnDown(groups: readonly SentGroup[], today: string): AuditReport['burnDown'] {
  if (groups.length === 0) return []
  const first = groups.reduce((min, group) => (group.sentDay < min ? group.sentDay : min), today)
  const span = daysBetween(first, today)
  const step = Math.max(1, Math.ceil(span / (BURN_DOWN_POINTS - 1)))
  const days: string[] = []
  for (let back = 0; back <= span; back += step) days.unshift(addDays(today, -back))
  return days.map((day) => {
    let open = 0
    let planned = 0
    for (const group of groups) {
      if (group.sentDay > day) continue
      if (group.closedDay === null || group.closedDay > day) open += group.count
      if (group.dueDate === null || group.dueDate > day) planned += group.count
    }
    return { day, open, planned }
  })
}

/** Done (accepted or not applicable) over sent (all but the drafts). */
const progressOf = (byStatus: Record<RequestStatus, number>) => ({
  done: byStatus.accepted + byStatus.not_applicable,
  sent: Object.values(byStatus).reduce((sum, n) => sum + n, 0) - byStatus.draft,
})

/** The firm's figures (shared/schemas/reports.ts defines each one). */
export function reportsService({ db, clock, heavyWork }: FastifyInstance) {
  /** Where the audit stands on the firm's `today`: counts by status, progress, overdue aging. */
  async function standing(orgId: string, auditId: string, today: string) {
    const { byStatus, aging } = await statusAndAging(db, orgId, auditId, today)
    return {
      byStatus,
      aging,
      progress: progressOf(byStatus),
      overdue: aging.week + aging.month + aging.older,
    }
  }

  return {
    standing: (principal: Principal, auditId: string, today: string) =>
      standing(principal.organizationId, auditId, today),

    /**
     * The audit's status report for its client (PDF): what the client sees, nothing internal.
     * Heavy work in the firm's turn (lib/heavy-work.ts), held until the file has been sent.
     */
    async auditPdf(principal: Principal, auditId: string) {
      const orgId = principal.organizationId
      const audit = await getAudit(db, orgId, auditId, clientScope(principal))
      const firm = await findOrganizationDisplay(db, orgId)
      const today = calendarDay(clock(), firm.timeZone)
      return heavyWork.stream(orgId, async () => {
        const [place, { progress }, items, answers] = await Promise.all([
          auditPlace(db, orgId, audit.id),
          standing(orgId, audit.id, today),
          openItems(db, orgId, audit.id, principal, today),
          typedAnswers(db, orgId, audit.id, principal),
        ])
        const stream = statusReportPdf({
          firmName: firm.name,
          clientName: place.client.name,
          projectName: place.project.name,
          auditName: audit.name,
          auditDueDate: audit.dueDate,
          today,
          dateFormat: firm.dateFormat,
          progress,
          items,
          answers: answers.filter((item) => item.answer !== null),
        })
        return {
          fileName: safeFileName(oneSegment(`${audit.name}-status-report.pdf`)),
          stream,
        }
      })
    },

    async audit(principal: Principal, auditId: string): Promise<AuditReport> {
      const orgId = principal.organizationId
      await getAudit(db, orgId, auditId)
      const { timeZone } = await findOrganizationDisplay(db, orgId)
      const today = calendarDay(clock(), timeZone)
      const [{ byStatus, aging, progress, overdue }, assignees, turnaround, groups] =
        await Promise.all([
          standing(orgId, auditId, today),
          openByAssignee(db, orgId, auditId, today, ASSIGNEES_SHOWN),
          turnarounds(db, orgId, auditId),
          sentGroups(db, orgId, auditId, timeZone),
        ])
      const { submitted, returned, ...medians } = turnaround
      return {
        today,
        timeZone,
        progress,
        byStatus,
        overdue: {
          total: overdue,
          aging: OVERDUE_AGING.map(({ key }) => ({ key, count: aging[key] })),
        },
        turnaround: medians,
        returns: { returned, submitted },
        assignees: assignees.map(({ userId, firstName, lastName, open, overdue }) => ({
          userId,
          name:
            userId && firstName !== null ? fullName({ firstName, lastName: lastName ?? '' }) : null,
          open,
          overdue,
        })),
        burnDown: burnDown(groups, today),
      }
    },
  }
}

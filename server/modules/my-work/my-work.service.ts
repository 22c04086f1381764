import type { FastifyInstance } from 'fastify'
import { addDays, calendarDay, daysBetween, fullName } from '@shared/format'
import {
  MY_WORK_CLIENTS_SHOWN,
  MY_WORK_COUNT_CAP,
  MY_WORK_PER_CLIENT,
  MY_WORK_SHOWN,
  MY_WORK_WEEK_DAYS,
  type MyWork,
} from '@shared/schemas/my-work'
import { can } from '../../access/can'
import type { Principal } from '../../access/principal'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { reviewQueue } from '../review/review.repo'
import { dueBetween, overdueByClient, submittedCount, type WorkRow } from './my-work.repo'

const capped = (count: number) => Math.min(count, MY_WORK_COUNT_CAP)

const assigneeName = (row: Pick<WorkRow, 'assigneeFirstName' | 'assigneeLastName'>) =>
  row.assigneeFirstName === null
    ? null
    : fullName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName ?? '' })

const place = (row: WorkRow) => ({
  id: row.id,
  number: row.number,
  title: row.title,
  auditId: row.auditId,
  auditName: row.auditName,
  assigneeName: assigneeName(row),
})

/** What waits for one of the firm's people on their audits (shared/schemas/my-work.ts). */
export function myWorkService({ db, clock }: FastifyInstance) {
  return {
    async get(principal: Principal): Promise<MyWork> {
      const { timeZone } = await findOrganizationDisplay(db, principal.organizationId)
      const today = calendarDay(clock(), timeZone)

      const reviews = await reviewQueue(db, principal, { limit: MY_WORK_SHOWN }, { mineOnly: true })
      // Fewer than a page: they are all there is.
      const reviewTotal =
        reviews.next === null
          ? reviews.items.length
          : await submittedCount(db, principal, MY_WORK_COUNT_CAP)

      const late = await overdueByClient(db, principal, today, {
        clientsShown: MY_WORK_CLIENTS_SHOWN,
        perClient: MY_WORK_PER_CLIENT,
      })
      const clients = new Map<string, MyWork['overdue']['clients'][number]>()
      for (const row of late) {
        let client = clients.get(row.clientId)
        if (!client) {
          client = {
            clientId: row.clientId,
            clientName: row.clientName,
            count: capped(row.count),
            requests: [],
          }
          clients.set(row.clientId, client)
        }
        client.requests.push({
          ...place(row),
          dueDate: row.dueDate,
          daysLate: daysBetween(row.dueDate, today),
          canRemind:
            row.assigneeFirstName !== null &&
            can(principal, 'audit.send_requests', { status: row.auditStatus }),
        })
      }

      const due = await dueBetween(db, principal, {
        from: today,
        to: addDays(today, MY_WORK_WEEK_DAYS - 1),
        limit: MY_WORK_SHOWN,
      })

      return {
        today,
        reviews: {
          total: capped(reviewTotal),
          items: reviews.items.map((item) => ({
            id: item.id,
            number: item.number,
            title: item.title,
            auditId: item.auditId,
            auditName: item.auditName,
            clientId: item.clientId,
            clientName: item.clientName,
            submittedAt: item.submittedAt,
            assigneeName: item.assigneeName,
          })),
        },
        overdue: { total: capped(late[0]?.total ?? 0), clients: [...clients.values()] },
        dueThisWeek: {
          total: capped(due[0]?.total ?? 0),
          items: due.map((row) => ({
            ...place(row),
            clientId: row.clientId,
            clientName: row.clientName,
            dueDate: row.dueDate,
          })),
        },
      }
    },
  }
}

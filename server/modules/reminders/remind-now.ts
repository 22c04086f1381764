import type { FastifyInstance } from 'fastify'
import { awaitsClient } from '@shared/request-rules'
import type { RemindReply } from '@shared/schemas/reminders'
import { calendarDay, fullName } from '@shared/format'
import { authorize } from '../../access/can'
import type { Principal } from '../../access/principal'
import { hit } from '../../db/counters'
import { AppError } from '../../lib/errors'
import { mailDateTime, mails } from '../../mail/templates'
import { auditPlace, findAuditWithClient } from '../audits/audits.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { findRequest } from '../requests/requests.repo'
import { openItems } from './reminders.repo'

const HOUR_MS = 60 * 60 * 1000

/**
 * "Remind now": each assignee with open requests in the audit gets the list of them (those
 * waiting for their answer, overdue first), at most once an hour per person, whoever asks.
 */
export function remindService(app: FastifyInstance) {
  const { db, config, mailer, clock, log } = app

  /**
   * Mails each of these assignees (all the audit's, when undefined) their open requests of the
   * audit, unless they were reminded less than an hour ago: who was, and who is not due yet.
   */
  async function mailAssignees(principal: Principal, auditId: string, userIds?: string[]) {
    const orgId = principal.organizationId
    const audit = await findAuditWithClient(db, orgId, auditId)
    authorize(principal, 'audit.send_requests', audit)
    const rows = (
      await openItems(
        db,
        orgId,
        { id: auditId, clientId: audit.clientId },
        userIds?.length === 1 ? userIds[0] : undefined,
      )
    ).filter((row) => !userIds || userIds.includes(row.userId))
    const now = clock()
    const reply: RemindReply = { reminded: [], notYet: [] }
    const firm = await findOrganizationDisplay(db, orgId)
    const day = calendarDay(now, firm.timeZone)
    const names = {
      firmName: firm.name,
      clientName: (await auditPlace(db, orgId, auditId)).client.name,
    }
    const byUser = new Map<string, typeof rows>()
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row])
    for (const [userId, items] of byUser) {
      const person = { id: userId, name: fullName(items[0]!) }
      const retryAt = await db.transaction(async (tx) => {
        const [state] = await hit(
          tx,
          [{ key: `remind:${userId}`, limit: 1, windowMs: HOUR_MS }],
          now,
        )
        if (state!.count > 1) return new Date(now.getTime() + state!.resetsIn * 1000)
        await mailer.send(
          tx,
          mails.openItems(items[0]!.email, {
            firstName: items[0]!.firstName,
            senderName: principal.name,
            ...names,
            auditName: audit.name,
            items: items.map((item) => ({
              title: item.title,
              auditName: audit.name,
              dueDate: item.dueDate,
              daysOverdue: item.dueDate
                ? Math.round((Date.parse(day) - Date.parse(item.dueDate)) / 86_400_000)
                : 0,
              url: `${config.appUrl}/requests/${item.id}`,
            })),
            url: `${config.appUrl}/my-requests`,
            dateFormat: firm.dateFormat,
          }),
        )
        return null
      })
      if (retryAt) reply.notYet.push({ ...person, retryAt: retryAt.toISOString() })
      else reply.reminded.push(person)
    }
    if (reply.reminded.length > 0)
      log.info(
        { event: 'reminders.remind_now', auditId, reminded: reply.reminded.length },
        'reminded by hand',
      )
    return reply
  }

  async function remind(principal: Principal, auditId: string, onlyUserId?: string) {
    const reply = await mailAssignees(principal, auditId, onlyUserId ? [onlyUserId] : undefined)
    if (reply.reminded.length === 0 && reply.notYet.length === 0)
      throw new AppError('CONFLICT', 'No request of this audit is waiting for the client')
    if (reply.reminded.length === 0) {
      const { timeZone, dateFormat } = await findOrganizationDisplay(db, principal.organizationId)
      const now = clock()
      const first = reply.notYet.reduce((a, b) => (a.retryAt < b.retryAt ? a : b))
      const at = new Date(first.retryAt)
      throw new AppError(
        'RATE_LIMITED',
        `${reply.notYet.length === 1 ? `${first.name} was` : 'Everyone was'} reminded less than an hour ago. You can remind them again from ${mailDateTime(at, timeZone, dateFormat)}.`,
        undefined,
        { 'Retry-After': String(Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000))) },
      )
    }
    return reply
  }

  return {
    audit: (principal: Principal, auditId: string) => remind(principal, auditId),

    /** The bulk action's: these assignees, whoever of them may be reminded now. */
    assignees: mailAssignees,

    async request(principal: Principal, id: string) {
      const row = await findRequest(db, principal.organizationId, id, principal)
      if (!awaitsClient(row))
        throw new AppError('CONFLICT', 'This request is not waiting for the client')
      if (!row.assigneeId) throw new AppError('CONFLICT', 'This request has no assignee to remind')
      return remind(principal, row.auditId, row.assigneeId)
    },
  }
}

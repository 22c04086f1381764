import type { FastifyInstance } from 'fastify'
import { calendarDay } from '@shared/format'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { groupBy } from '../../lib/group-by'
import { mails } from '../../mail/templates'
import { auditPlace, findAuditWithClient } from '../audits/audits.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { clientUsers } from '../users/users.repo'
import type { RequestFacts } from './notify'

/**
 * The mails the request domain's events send, derived from them (events/domain-events.ts): each
 * assignee of a sending gets one list of what was sent to them, in the change's transaction (the
 * mail is queued with it).
 */
export async function mailsOfRequestEvents(
  app: FastifyInstance,
  tx: Db,
  actor: Principal,
  events: ReadonlyArray<{ type: string; request: RequestFacts }>,
  now: Date,
) {
  const sent = events.filter((event) => event.type === 'request.sent')
  if (sent.length === 0) return
  const orgId = actor.organizationId
  const firm = await findOrganizationDisplay(tx, orgId)
  for (const [auditId, ofAudit] of groupBy(sent, (event) => event.request.auditId)) {
    const audit = await findAuditWithClient(tx, orgId, auditId)
    const clientName = (await auditPlace(tx, orgId, auditId)).client.name
    const byAssignee = groupBy(
      ofAudit.filter((event) => event.request.assigneeId),
      (event) => event.request.assigneeId!,
    )
    const people = await clientUsers(tx, orgId, audit.clientId, [...byAssignee.keys()])
    for (const to of people)
      await app.mailer.send(
        tx,
        mails.requestsSent(to.email, {
          firstName: to.firstName,
          senderName: actor.name,
          firmName: firm.name,
          clientName,
          auditName: audit.name,
          requests: byAssignee.get(to.id)!.map(({ request }) => ({
            title: request.label,
            dueDate: request.dueDate ?? null,
          })),
          url: `${app.config.appUrl}/my-requests`,
          today: calendarDay(now, firm.timeZone),
          dateFormat: firm.dateFormat,
        }),
      )
  }
}

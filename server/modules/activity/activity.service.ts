import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import {
  ACTIVITY_ACTION_LABELS,
  TRACKED_FIELD_LABELS,
  type AuditActivity,
  type AuditActivityFileQuery,
  type AuditActivityQuery,
} from '@shared/schemas/dashboard'
import { formatDayTime } from '@shared/format'
import type { Principal } from '../../access/principal'
import { toCsv } from '../../files/csv'
import { oneSegment, safeFileName } from '../../files/names'
import { readAsTenant } from '../../lib/tenant'
import { getAudit } from '../audits/audits.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { auditActivityInBatches, auditActivityPage } from './activity.repo'

const CSV_HEADER = ['When', 'Who', 'What', 'About', 'Changes', 'Detail']

/** "Due date: 2026-11-02 → 2026-11-09; Assignee: nobody → Ada Lovelace" */
const changesText = (event: AuditActivity) =>
  event.changes
    .map(
      (change) =>
        `${TRACKED_FIELD_LABELS[change.field]}: ${change.from ?? 'none'} → ${change.to ?? 'none'}`,
    )
    .join('; ')

/** An audit's trail: a page as JSON, the whole of it as CSV (both the firm's). */
export function activityService({ db, heavyWork }: FastifyInstance) {
  return {
    async auditPage(principal: Principal, auditId: string, query: AuditActivityQuery) {
      const orgId = principal.organizationId
      await getAudit(db, orgId, auditId)
      const { limit, cursor, actorId, kind } = query
      return auditActivityPage(
        db,
        orgId,
        auditId,
        { actorUserId: actorId, kind },
        { limit, cursor },
      )
    },

    /** Oldest first, streamed a batch at a time in the firm's heavy-work turn. */
    async auditCsv(principal: Principal, auditId: string, query: AuditActivityFileQuery) {
      const orgId = principal.organizationId
      const audit = await getAudit(db, orgId, auditId)
      const firm = await findOrganizationDisplay(db, orgId)
      return heavyWork.stream(orgId, async () => {
        const batches = auditActivityInBatches(db, orgId, audit.id, {
          actorUserId: query.actorId,
          kind: query.kind,
        })
        async function* lines() {
          yield `\uFEFF${toCsv([CSV_HEADER])}`
          for await (const events of batches)
            yield toCsv(
              events.map((event) => [
                formatDayTime(new Date(event.createdAt), firm.dateFormat, firm.timeZone),
                event.actor,
                ACTIVITY_ACTION_LABELS[event.action],
                event.target,
                changesText(event),
                event.detail,
              ]),
            )
        }
        return {
          fileName: safeFileName(oneSegment(`${audit.name}-activity.csv`)),
          stream: Readable.from(readAsTenant(lines())),
        }
      })
    },
  }
}

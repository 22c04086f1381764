import { and, eq, sql } from 'drizzle-orm'
import { SET_ASIDE } from '@shared/request-rules'
import type { RequestProgress } from '@shared/schemas/requests'
import type { Principal } from '../../access/principal'
import { visibleRequests } from '../../access/audience'
import type { Db } from '../../db/client'
import { idIn } from '../../db/id-in'
import { auditRequests, audits, projects } from '../../db/schema'

/** The progress of audits and projects, as the cards of their lists show it. */

type Scope = Pick<Principal, 'role' | 'clientId'>

/** What a card shows before its first request: nothing accepted of nothing. */
export const NO_PROGRESS: RequestProgress = { accepted: 0, total: 0 }

/**
 * Accepted requests out of all but those set aside (`SET_ASIDE`), among those the scope sees (the
 * audience rule: a client user counts the sent ones of their client only), for each of the audits
 * or each of the projects: one grouped statement for a whole page of them. An id without requests
 * is absent from the answer (`NO_PROGRESS`).
 */
export async function progressOf(
  db: Db,
  orgId: string,
  scope: Scope,
  of: { auditIds: readonly string[] } | { projectIds: readonly string[] },
): Promise<Map<string, RequestProgress>> {
  const [group, ids] =
    'auditIds' in of ? [auditRequests.auditId, of.auditIds] : [audits.projectId, of.projectIds]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: group,
      accepted: sql<number>`count(*) filter (where ${auditRequests.status} = 'accepted')::int`,
      total: sql<number>`count(*) filter (where ${auditRequests.status} not in (${sql.join(
        SET_ASIDE.map((status) => sql`${status}`),
        sql`, `,
      )}))::int`,
    })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(and(eq(auditRequests.organizationId, orgId), idIn(group, ids), visibleRequests(scope)))
    .groupBy(group)
  return new Map(
    rows.map((row) => [row.id, { accepted: Number(row.accepted), total: Number(row.total) }]),
  )
}

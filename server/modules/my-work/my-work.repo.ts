import { sql } from 'drizzle-orm'
import type { AuditStatus } from '@shared/schemas/audits'
import { visibleRequests } from '../../access/audience'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/client'
import {
  auditMembers,
  auditRequests,
  audits,
  clients,
  people,
  projects,
  users,
} from '../../db/schema'
import { teamAuditIds } from '../audits/team-conditions'
import { awaitingClient, overdueOn } from '../requests/request-conditions'

/**
 * The queries of My work (shared/schemas/my-work.ts). Each starts from the caller's rows of
 * audit_members and reads their audits' requests through a per-audit index, bounded by a LIMIT;
 * only the rows it names are joined to their audit, client and assignee.
 */

/** The audience rule in a statement joining audit_requests and projects (no condition for the firm). */
const visibleTo = (principal: Principal) => visibleRequests(principal) ?? sql`true`

/**
 * The answers submitted on the caller's audits, counted up to `cap`, audit by audit through the
 * requests' audit index (a count at the cap means at least that many). The LIMIT inside keeps
 * the planner from turning the per-audit reads into one scan of every company's submissions.
 */
export async function submittedCount(db: Db, principal: Principal, cap: number) {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (
      select 1 from ${auditMembers}
      cross join lateral (select 1 from ${auditRequests}
        where ${auditRequests.auditId} = ${auditMembers.auditId} and ${auditRequests.status} = 'submitted'
        limit ${cap}) as submitted
      where ${auditMembers.userId} = ${principal.userId}
        and ${auditMembers.organizationId} = ${principal.organizationId}
      limit ${cap}) as mine`,
  )
  return row!.total
}

/** A request named in a section, with where it stands. */
export interface WorkRow {
  id: string
  number: number
  title: string
  auditId: string
  auditName: string
  auditStatus: AuditStatus
  clientId: string
  clientName: string
  dueDate: string
  assigneeFirstName: string | null
  assigneeLastName: string | null
}

/** The columns of a named request, read once its id is picked (`picked.id`). */
const details = sql`${auditRequests.id} as "id", ${auditRequests.number} as "number",
  ${auditRequests.title} as "title", ${auditRequests.auditId} as "auditId", ${audits.name} as "auditName",
  ${audits.status} as "auditStatus", ${projects.clientId} as "clientId", ${clients.name} as "clientName",
  ${auditRequests.dueDate}::text as "dueDate",
  assignee_person.first_name as "assigneeFirstName", assignee_person.last_name as "assigneeLastName"`

const detailJoins = sql`join ${auditRequests} on ${auditRequests.id} = picked.id
  join ${audits} on ${audits.id} = ${auditRequests.auditId}
  join ${projects} on ${projects.id} = ${audits.projectId}
  join ${clients} on ${clients.id} = ${projects.clientId}
  left join ${users} as assignee on assignee.id = ${auditRequests.assigneeUserId}
  left join ${people} as assignee_person on assignee_person.id = assignee.person_id`

/**
 * The caller's overdue requests by client: up to `clientsShown` clients, the one with the most
 * late request first, each with its count and up to `perClient` of its requests, most late first;
 * with the count of them all (`total`, on every row). Counted audit by audit (a lateral read, so
 * that the planner sees one row per audit of the caller) from the partial index of each audit's
 * requests waiting for the client, read alone.
 */
export function overdueByClient(
  db: Db,
  principal: Principal,
  today: string,
  { clientsShown, perClient }: { clientsShown: number; perClient: number },
) {
  const late = overdueOn(today)
  return selectRows<WorkRow & { count: number; total: number }>(
    db,
    sql`with late_audits as (
      select ${auditMembers.auditId} as audit_id, counted.n, counted.oldest
      from ${auditMembers}
      cross join lateral (
        select count(*)::int as n, min(${auditRequests.dueDate}) as oldest from ${auditRequests}
        where ${auditRequests.auditId} = ${auditMembers.auditId} and ${late}) as counted
      where ${auditMembers.userId} = ${principal.userId}
        and ${auditMembers.organizationId} = ${principal.organizationId} and counted.n > 0
    ), by_client as (
      select ${projects.clientId} as client_id, sum(late_audits.n)::int as n,
             min(late_audits.oldest) as oldest, array_agg(late_audits.audit_id) as audit_ids,
             (sum(sum(late_audits.n)) over ())::int as total
      from late_audits
      join ${audits} on ${audits.id} = late_audits.audit_id
      join ${projects} on ${projects.id} = ${audits.projectId}
      group by ${projects.clientId}
      order by oldest, client_id
      limit ${clientsShown}
    ), picked as (
      select by_client.client_id, by_client.n, by_client.oldest, by_client.total, top.id
      from by_client cross join lateral (
        select ${auditRequests.id} as id from ${auditRequests}
        where ${auditRequests.auditId} = any(by_client.audit_ids) and ${late}
        order by ${auditRequests.dueDate}, ${auditRequests.auditId}, ${auditRequests.number}
        limit ${perClient}) as top
    )
    select ${details}, picked.n as "count", picked.total as "total"
    from picked
    ${detailJoins}
    where ${visibleTo(principal)}
    order by picked.oldest, picked.client_id, ${auditRequests.dueDate}, ${auditRequests.auditId}, ${auditRequests.number}`,
  )
}

/**
 * The caller's requests waiting for the client due from `from` to `to` (both days included):
 * the `limit` soonest, with the count of them all (`total`, on every row). Read from the partial
 * index of each audit's requests waiting for the client, by due date.
 */
export function dueBetween(
  db: Db,
  principal: Principal,
  { from, to, limit }: { from: string; to: string; limit: number },
) {
  return selectRows<WorkRow & { total: number }>(
    db,
    sql`with picked as (
      select ${auditRequests.id} as id, ${auditRequests.dueDate} as due_date,
             ${auditRequests.auditId} as audit_id, ${auditRequests.number} as number,
             (count(*) over ())::int as total
      from ${auditRequests}
      where ${auditRequests.auditId} in (${teamAuditIds(principal.organizationId, principal.userId)})
        and ${awaitingClient}
        and ${auditRequests.dueDate} >= ${from}::date and ${auditRequests.dueDate} <= ${to}::date
      order by due_date, audit_id, number
      limit ${limit}
    )
    select ${details}, picked.total as "total"
    from picked
    ${detailJoins}
    where ${visibleTo(principal)}
    order by picked.due_date, picked.audit_id, picked.number`,
  )
}

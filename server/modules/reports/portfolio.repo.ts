import { sql, type SQL } from 'drizzle-orm'
import type { AuditStage, PortfolioFileQuery, PortfolioSort } from '@shared/schemas/reports'
import type { AuditStatus } from '@shared/schemas/audits'
import type { ProjectStatus } from '@shared/schemas/projects'
import { selectRows, type Db } from '../../db/client'
import { containing, key, pageQuery, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import {
  auditMembers,
  auditRequests,
  audits,
  auditStandings,
  clients,
  people,
  projects,
  users,
  withPerson,
} from '../../db/schema'
import { awaitingClient } from '../requests/request-conditions'

/**
 * The reads behind the portfolio (shared/schemas/reports.ts defines its figures). Counts by
 * status, the first sending, the client's last activity and the earliest due date waiting for the
 * client come from audit_standings, one row per audit, so that choosing, filtering and sorting the
 * firm's audits reads no request; what depends on today (overdue counts, aging, next due date) is
 * counted from the requests waiting for the client through their partial indexes, for a page's rows
 * or for the overdue ones only (decision 033).
 */

export interface PortfolioWhere {
  orgId: string
  /** The firm's today (YYYY-MM-DD) and time zone. */
  today: string
  timeZone: string
  filter: Omit<PortfolioFileQuery, 'sort'>
}

export interface PortfolioRow {
  id: string
  name: string
  status: AuditStatus
  dueDate: string | null
  clientId: string
  clientName: string
  projectId: string
  projectName: string
  projectStatus: ProjectStatus
  leadId: string | null
  leadFirstName: string | null
  leadLastName: string | null
  draft: number
  sent: number
  submitted: number
  accepted: number
  returned: number
  notApplicable: number
  overdue: number
  mostDaysLate: number
  nextDueDate: string | null
  clientActiveAt: Date | string | null
  quietDays: number | null
  stage: AuditStage
  slipping: boolean
}

/**
 * The firm's audits under the filter's plain conditions, each with its standing and its derived
 * stage, days late, quiet days and slipping flag (as the CTE `portfolio`), and the condition on
 * those derived columns. Everything here is read from one row per audit (audit_standings): the
 * counts that need the requests themselves are made for a page's rows only (`withDueFigures`),
 * except the next due date when the list is sorted by it.
 */
function portfolioRows(
  { orgId, today, timeZone, filter }: PortfolioWhere,
  sort?: { field: PortfolioSort },
) {
  // Totals read every row: the joins done once, before the derived columns, keep the planner's
  // estimates (and so its join methods) right. A page streams in its order and stops early.
  const day = sql`${today}::date`
  const conditions: SQL[] = [sql`${audits.organizationId} = ${orgId}`]
  if (filter.clientId) conditions.push(sql`${projects.clientId} = ${filter.clientId}`)
  if (filter.projectStatus) conditions.push(sql`${projects.status} = ${filter.projectStatus}`)
  if (filter.leadId) conditions.push(sql`${auditMembers.userId} = ${filter.leadId}`)
  if (filter.q) {
    const text = containing(filter.q)
    conditions.push(
      sql`(${audits.name} ilike ${text} or ${projects.name} ilike ${text} or ${clients.name} ilike ${text})`,
    )
  }
  const n = (column: SQL | unknown) => sql`coalesce(${column}, 0)`
  const nextDue =
    sort?.field === 'nextDue'
      ? sql`(case when ${auditStandings.awaitingDueFrom} >= ${day} then ${auditStandings.awaitingDueFrom}
          when ${auditStandings.awaitingDueFrom} < ${day} then (select min(${auditRequests.dueDate})
            from ${auditRequests}
            where ${auditRequests.auditId} = ${audits.id} and ${awaitingClient}
              and ${auditRequests.dueDate} >= ${day}) end)::text`
      : sql`null::text`
  // A page shows every column; the totals join only what their filter reads.
  const forPage = sort !== undefined
  const withProject = forPage || !!(filter.clientId || filter.projectStatus || filter.q)
  const withClient = forPage || !!filter.q
  const withLead = forPage || !!filter.leadId
  const shown = forPage
    ? sql`${audits.name} as name, ${audits.dueDate}::text as due_date,
      ${clients.id} as client_id, ${clients.name} as client_name,
      ${projects.id} as project_id, ${projects.name} as project_name, ${projects.status} as project_status,
      ${auditMembers.userId} as lead_id, ${nextDue} as next_due,`
    : sql``
  const base = sql`select ${audits.id} as id, ${audits.status} as status, ${shown}
      ${n(auditStandings.draft)} as draft, ${n(auditStandings.sent)} as sent,
      ${n(auditStandings.submitted)} as submitted, ${n(auditStandings.accepted)} as accepted,
      ${n(auditStandings.returned)} as returned, ${n(auditStandings.notApplicable)} as not_applicable,
      ${auditStandings.firstSentAt} as first_sent_at, ${auditStandings.clientActiveAt} as client_active_at,
      greatest(${day} - ${auditStandings.awaitingDueFrom}, 0) as most_late
    from ${audits}
    ${withProject ? sql`join ${projects} on ${projects.id} = ${audits.projectId}` : sql``}
    ${withClient ? sql`join ${clients} on ${clients.id} = ${projects.clientId} and ${clients.organizationId} = ${orgId}` : sql``}
    left join ${auditStandings} on ${auditStandings.auditId} = ${audits.id}
    ${withLead ? sql`left join ${auditMembers} on ${auditMembers.auditId} = ${audits.id} and ${auditMembers.lead}` : sql``}
    where ${sql.join(conditions, sql` and `)}`
  const staged = sql`select b.*,
      case when b.status = 'completed' then 'completed'
        when b.sent + b.submitted + b.accepted + b.returned + b.not_applicable = 0 then 'not_sent'
        when b.sent + b.submitted + b.returned = 0 then 'done'
        else 'open' end as stage,
      case when b.first_sent_at is not null then
        ${day} - (coalesce(b.client_active_at, b.first_sent_at) at time zone ${timeZone})::date end as quiet_days
    from base b`
  const portfolio = sql`with base as ${sort ? sql`` : sql`materialized`} (${base}), staged as (${staged}),
    portfolio as not materialized (
      select s.*, s.stage = 'open' and (s.most_late > 0
        or (s.sent + s.returned > 0 and s.quiet_days >= ${filter.quietDays})) as slipping
      from staged s
    )`
  const derived: SQL[] = []
  if (filter.stage)
    derived.push(
      sql`p.stage in (${sql.join(
        filter.stage.map((stage) => sql`${stage}`),
        sql`, `,
      )})`,
    )
  if (filter.slipping !== undefined) derived.push(sql`p.slipping = ${filter.slipping}`)
  // Whether any audit of the firm is left out.
  const narrowed = conditions.length > 1 || derived.length > 0
  return { portfolio, derived, narrowed }
}

const whereAll = (conditions: Array<SQL | undefined>) => {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined)
  return present.length > 0 ? sql`where ${sql.join(present, sql` and `)}` : sql``
}

/** Blank values sort last both ways. */
const LAST_DAY = { asc: '9999-12-31', desc: '0000-01-01' }

function portfolioKeyset(sort: { field: PortfolioSort; descending: boolean }): Keyset {
  const direction = sort.descending ? 'desc' : 'asc'
  const name = key(sql`lower(p.name)`, 'text')
  const id = key(sql`p.id`, 'uuid')
  const first = {
    client: [key(sql`lower(p.client_name)`, 'text'), key(sql`lower(p.project_name)`, 'text')],
    audit: [],
    progress: [
      key(
        sql`case when p.sent + p.submitted + p.accepted + p.returned + p.not_applicable = 0 then -1
          else ((p.accepted + p.not_applicable) * 1000
            / (p.sent + p.submitted + p.accepted + p.returned + p.not_applicable))::int end`,
        'int4',
      ),
    ],
    overdue: [key(sql`p.most_late`, 'int4')],
    nextDue: [key(sql`coalesce(p.next_due, ${LAST_DAY[direction]})`, 'text')],
    quiet: [key(sql`coalesce(p.quiet_days, -1)`, 'int4')],
    dueDate: [key(sql`coalesce(p.due_date, ${LAST_DAY[direction]})`, 'text')],
  }[sort.field]
  return { keys: [...first, name, id], direction }
}

const rowColumns = sql`p.id, p.name, p.status, p.due_date as "dueDate",
  p.client_id as "clientId", p.client_name as "clientName",
  p.project_id as "projectId", p.project_name as "projectName", p.project_status as "projectStatus",
  p.lead_id as "leadId", ${people.firstName} as "leadFirstName", ${people.lastName} as "leadLastName",
  p.draft, p.sent, p.submitted, p.accepted, p.returned, p.not_applicable as "notApplicable",
  coalesce(d.overdue, 0) as overdue, p.most_late as "mostDaysLate", d.next_due::text as "nextDueDate",
  p.client_active_at as "clientActiveAt", p.quiet_days as "quietDays", p.stage, p.slipping`

/** A page of the portfolio in the sort's order. */
export async function portfolioPage(
  db: Db,
  where: PortfolioWhere,
  sort: { field: PortfolioSort; descending: boolean },
  request: PageRequest,
) {
  const { portfolio, derived } = portfolioRows(where, sort)
  const page = pageQuery(portfolioKeyset(sort), request)
  const day = sql`${where.today}::date`
  // The page's rows are chosen from the standings alone; their overdue count and next due date
  // are then read from each one's awaiting-client index.
  const rows = await selectRows<PortfolioRow & { pageKey: string | null }>(
    db,
    sql`${portfolio}, chosen as (
        select p.id, ${page.pageKey} as page_key
        from portfolio p
        ${whereAll([...derived, page.after])}
        order by ${sql.join(page.orderBy, sql`, `)}
        limit ${page.limit}
      )
      select ${rowColumns}, c.page_key as "pageKey"
      from chosen c
      join portfolio p on p.id = c.id
      left join ${users} on ${users.id} = p.lead_id
      left join ${people} on ${withPerson}
      left join lateral (
        select count(*) filter (where ${auditRequests.dueDate} < ${day})::int as overdue,
          min(${auditRequests.dueDate}) filter (where ${auditRequests.dueDate} >= ${day}) as next_due
        from ${auditRequests}
        where ${auditRequests.auditId} = p.id and ${awaitingClient} and ${auditRequests.dueDate} is not null
      ) d on true
      order by ${sql.join(page.orderBy, sql`, `)}`,
  )
  return toPage(rows, request)
}

/** Every audit the filter matches, in the sort's order (the XLSX and CSV), a batch at a time. */
export async function* portfolioInBatches(
  db: Db,
  where: PortfolioWhere,
  sort: { field: PortfolioSort; descending: boolean },
  batch = 1000,
) {
  let cursor: string | undefined
  do {
    const page = await portfolioPage(db, where, sort, { limit: batch, cursor })
    yield page.items
    cursor = page.next ?? undefined
  } while (cursor)
}

/** The figures summed over every audit the filter matches. */
export async function portfolioTotals(db: Db, where: PortfolioWhere) {
  const { portfolio, derived, narrowed } = portfolioRows(where)
  const day = sql`${where.today}::date`
  const due = auditRequests.dueDate
  // The overdue requests by how late, counted per audit when the filter leaves audits out, else
  // over the whole firm at once (the first view of the portfolio: half the time).
  const lateCounts = sql`count(*)::int as overdue,
    count(*) filter (where ${due} >= ${day} - 7)::int as week,
    count(*) filter (where ${due} < ${day} - 7 and ${due} >= ${day} - 30)::int as month,
    count(*) filter (where ${due} < ${day} - 30)::int as older
    from ${auditRequests}
    where ${auditRequests.organizationId} = ${where.orgId} and ${awaitingClient} and ${due} < ${day}`
  const late = narrowed
    ? sql`late as (select ${auditRequests.auditId} as audit_id, ${lateCounts} group by ${auditRequests.auditId})`
    : sql`late as (select ${lateCounts})`
  const [row] = await selectRows<{
    audits: number
    slipping: number
    notSent: number
    open: number
    done: number
    completed: number
    draft: number
    sent: number
    submitted: number
    accepted: number
    returned: number
    notApplicable: number
    overdue: number
    week: number
    month: number
    older: number
  }>(
    db,
    sql`${portfolio}, ${late}
      select count(*)::int as audits,
        count(*) filter (where p.slipping)::int as slipping,
        count(*) filter (where p.stage = 'not_sent')::int as "notSent",
        count(*) filter (where p.stage = 'open')::int as open,
        count(*) filter (where p.stage = 'done')::int as done,
        count(*) filter (where p.stage = 'completed')::int as completed,
        coalesce(sum(p.draft), 0)::int as draft, coalesce(sum(p.sent), 0)::int as sent,
        coalesce(sum(p.submitted), 0)::int as submitted, coalesce(sum(p.accepted), 0)::int as accepted,
        coalesce(sum(p.returned), 0)::int as returned,
        coalesce(sum(p.not_applicable), 0)::int as "notApplicable",
        ${
          narrowed
            ? sql`coalesce(sum(l.overdue), 0)::int as overdue, coalesce(sum(l.week), 0)::int as week,
                coalesce(sum(l.month), 0)::int as month, coalesce(sum(l.older), 0)::int as older`
            : sql`coalesce(min(l.overdue), 0) as overdue, coalesce(min(l.week), 0) as week,
                coalesce(min(l.month), 0) as month, coalesce(min(l.older), 0) as older`
        }
      from portfolio p
      ${narrowed ? sql`left join late l on l.audit_id = p.id` : sql`cross join late l`}
      ${whereAll(derived)}`,
  )
  return row!
}

export interface Holder {
  id: string
  firstName: string
  lastName: string
  open: number
}

/**
 * For each of these audits, the client user with the most requests waiting for the client (ties:
 * by name), and how many.
 */
export async function holdersOf(db: Db, orgId: string, auditIds: string[]) {
  if (auditIds.length === 0) return new Map<string, Holder>()
  const rows = await selectRows<{
    auditId: string
    userId: string
    firstName: string
    lastName: string
    open: number
  }>(
    db,
    sql`select distinct on (h.audit_id) h.audit_id as "auditId", h.user_id as "userId",
          ${people.firstName} as "firstName", ${people.lastName} as "lastName", h.open
        from (
          select ${auditRequests.auditId} as audit_id, ${auditRequests.assigneeUserId} as user_id,
            count(*)::int as open
          from ${auditRequests}
          where ${auditRequests.organizationId} = ${orgId}
            and ${auditRequests.auditId} in (${sql.join(
              auditIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
            and ${awaitingClient} and ${auditRequests.assigneeUserId} is not null
          group by 1, 2
        ) h
        join ${users} on ${users.id} = h.user_id
        join ${people} on ${withPerson}
        order by h.audit_id, h.open desc, lower(${people.lastName}), lower(${people.firstName}), h.user_id`,
  )
  return new Map<string, Holder>(
    rows.map((row) => [
      row.auditId,
      { id: row.userId, firstName: row.firstName, lastName: row.lastName, open: row.open },
    ]),
  )
}

import { sql, type SQL } from 'drizzle-orm'
import type { AuditStage, PortfolioFileQuery, PortfolioSort } from '@shared/schemas/reports'
import type { AuditStatus } from '@shared/schemas/audits'
import type { ProjectStatus } from '@shared/schemas/projects'
import { selectRows, type Db } from '../../db/client'
import { containing, key, pageQuery, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import {
  auditMembers,
  auditRequests,
  auditStandings,
  audits,
  clients,
  projects,
  users,
} from '../../db/schema'
import { awaitingClient } from '../requests/request-conditions'

/**
 * The reads behind the portfolio (shared/schemas/reports.ts defines its figures). Counts by
 * status, the first sending and the client's last activity come from audit_standings, one row per
 * audit; what depends on today (overdue, aging, next due date) is counted from the requests waiting
 * for the client, through their partial index (decision 033).
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
 * The firm's audits under the filter's plain conditions, each with its standing, its overdue
 * requests and its derived stage, quiet days and slipping flag (as the CTE `portfolio`), and the
 * condition on those derived columns.
 */
function portfolioRows({ orgId, today, timeZone, filter }: PortfolioWhere) {
  const day = sql`${today}::date`
  const late = sql`${day} - ${auditRequests.dueDate}`
  const due = sql`select ${auditRequests.auditId} as audit_id,
      count(*) filter (where ${auditRequests.dueDate} < ${day})::int as overdue,
      count(*) filter (where ${late} between 1 and 7)::int as week,
      count(*) filter (where ${late} between 8 and 30)::int as month,
      count(*) filter (where ${late} > 30)::int as older,
      coalesce(max(${late}) filter (where ${late} > 0), 0)::int as most_late,
      min(${auditRequests.dueDate}) filter (where ${auditRequests.dueDate} >= ${day}) as next_due
    from ${auditRequests}
    where ${auditRequests.organizationId} = ${orgId} and ${awaitingClient}
      and ${auditRequests.dueDate} is not null
    group by ${auditRequests.auditId}`
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
  const base = sql`select ${audits.id} as id, ${audits.name} as name, ${audits.status} as status,
      ${audits.dueDate}::text as due_date,
      ${clients.id} as client_id, ${clients.name} as client_name,
      ${projects.id} as project_id, ${projects.name} as project_name, ${projects.status} as project_status,
      ${auditMembers.userId} as lead_id, ${users.firstName} as lead_first_name, ${users.lastName} as lead_last_name,
      ${n(auditStandings.draft)} as draft, ${n(auditStandings.sent)} as sent,
      ${n(auditStandings.submitted)} as submitted, ${n(auditStandings.accepted)} as accepted,
      ${n(auditStandings.returned)} as returned, ${n(auditStandings.notApplicable)} as not_applicable,
      ${auditStandings.firstSentAt} as first_sent_at, ${auditStandings.clientActiveAt} as client_active_at,
      coalesce(d.overdue, 0) as overdue, coalesce(d.week, 0) as week, coalesce(d.month, 0) as month,
      coalesce(d.older, 0) as older, coalesce(d.most_late, 0) as most_late, d.next_due::text as next_due
    from ${audits}
    join ${projects} on ${projects.id} = ${audits.projectId}
    join ${clients} on ${clients.id} = ${projects.clientId}
    left join ${auditStandings} on ${auditStandings.auditId} = ${audits.id}
    left join ${auditMembers} on ${auditMembers.auditId} = ${audits.id} and ${auditMembers.lead}
    left join ${users} on ${users.id} = ${auditMembers.userId}
    left join due d on d.audit_id = ${audits.id}
    where ${sql.join(conditions, sql` and `)}`
  const staged = sql`select b.*,
      case when b.status = 'completed' then 'completed'
        when b.sent + b.submitted + b.accepted + b.returned + b.not_applicable = 0 then 'not_sent'
        when b.sent + b.submitted + b.returned = 0 then 'done'
        else 'open' end as stage,
      case when b.first_sent_at is not null then
        ${day} - (coalesce(b.client_active_at, b.first_sent_at) at time zone ${timeZone})::date end as quiet_days
    from base b`
  const portfolio = sql`with due as (${due}), base as (${base}), staged as (${staged}),
    portfolio as (
      select s.*, s.stage = 'open' and (s.overdue > 0
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
  return { portfolio, derived }
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
    overdue: [key(sql`p.overdue`, 'int4'), key(sql`p.most_late`, 'int4')],
    nextDue: [key(sql`coalesce(p.next_due, ${LAST_DAY[direction]})`, 'text')],
    quiet: [key(sql`coalesce(p.quiet_days, -1)`, 'int4')],
    dueDate: [key(sql`coalesce(p.due_date, ${LAST_DAY[direction]})`, 'text')],
  }[sort.field]
  return { keys: [...first, name, id], direction }
}

const rowColumns = sql`p.id, p.name, p.status, p.due_date as "dueDate",
  p.client_id as "clientId", p.client_name as "clientName",
  p.project_id as "projectId", p.project_name as "projectName", p.project_status as "projectStatus",
  p.lead_id as "leadId", p.lead_first_name as "leadFirstName", p.lead_last_name as "leadLastName",
  p.draft, p.sent, p.submitted, p.accepted, p.returned, p.not_applicable as "notApplicable",
  p.overdue, p.most_late as "mostDaysLate", p.next_due as "nextDueDate",
  p.client_active_at as "clientActiveAt", p.quiet_days as "quietDays", p.stage, p.slipping`

/** A page of the portfolio in the sort's order. */
export async function portfolioPage(
  db: Db,
  where: PortfolioWhere,
  sort: { field: PortfolioSort; descending: boolean },
  request: PageRequest,
) {
  const { portfolio, derived } = portfolioRows(where)
  const page = pageQuery(portfolioKeyset(sort), request)
  const rows = await selectRows<PortfolioRow & { pageKey: string | null }>(
    db,
    sql`${portfolio}
      select ${rowColumns}, ${page.pageKey} as "pageKey"
      from portfolio p
      ${whereAll([...derived, page.after])}
      order by ${sql.join(page.orderBy, sql`, `)}
      limit ${page.limit}`,
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
  const { portfolio, derived } = portfolioRows(where)
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
    sql`${portfolio}
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
        coalesce(sum(p.overdue), 0)::int as overdue, coalesce(sum(p.week), 0)::int as week,
        coalesce(sum(p.month), 0)::int as month, coalesce(sum(p.older), 0)::int as older
      from portfolio p
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
          ${users.firstName} as "firstName", ${users.lastName} as "lastName", h.open
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
        order by h.audit_id, h.open desc, lower(${users.lastName}), lower(${users.firstName}), h.user_id`,
  )
  return new Map<string, Holder>(
    rows.map((row) => [
      row.auditId,
      { id: row.userId, firstName: row.firstName, lastName: row.lastName, open: row.open },
    ]),
  )
}

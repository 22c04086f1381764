import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { AWAITING_CLIENT } from '@shared/request-rules'
import type { DateFormat } from '@shared/constants'
import type { NotificationKind } from '@shared/schemas/reminders'
import type { RequestStatus } from '@shared/schemas/requests'
import { seesRequestSql } from '../../access/audience'
import { selectRows, type Db } from '../../db/client'
import { auditRequests, people, scheduledMails, users, withPerson } from '../../db/schema'
import { awaitingClient } from '../requests/request-conditions'

type ScheduledMailKind = (typeof scheduledMails.$inferInsert)['kind']

/** Waiting for the firm's review (the daily digest's requests). */
const IN_REVIEW: RequestStatus = 'submitted'

/** The queries of reminders: the scan's (scan.ts decides what to do with their rows), Remind now's. */

/**
 * The audit's requests waiting for the client, with their assignees who may still see them (the
 * audience rule; `clientId`: the audit's client) (`onlyUserId`: theirs alone).
 */
export function openItems(
  db: Db,
  orgId: string,
  audit: { id: string; clientId: string },
  onlyUserId?: string,
) {
  return db
    .select({
      id: auditRequests.id,
      title: auditRequests.title,
      dueDate: auditRequests.dueDate,
      userId: users.id,
      email: people.email,
      firstName: people.firstName,
      lastName: people.lastName,
    })
    .from(auditRequests)
    .innerJoin(users, eq(users.id, auditRequests.assigneeUserId))
    .innerJoin(people, withPerson)
    .where(
      and(
        eq(auditRequests.organizationId, orgId),
        eq(auditRequests.auditId, audit.id),
        awaitingClient,
        eq(users.role, 'client'),
        seesRequestSql(
          { role: sql`${users.role}`, clientId: sql`${users.clientId}` },
          { sentAt: sql`${auditRequests.sentAt}`, clientId: sql`${audit.clientId}::uuid` },
        ),
        onlyUserId ? eq(users.id, onlyUserId) : undefined,
      ),
    )
    .orderBy(asc(auditRequests.dueDate), asc(auditRequests.position))
}

export interface DueReminder {
  requestId: string
  title: string
  auditId: string
  auditName: string
  dueDate: string
  /** The reminder point reached, in days from the due date. */
  stage: number
  userId: string
  email: string
  firstName: string
  /** Today in the company's time zone. */
  today: string
  /** The company's order of day and month. */
  dateFormat: DateFormat
}

/** Points of the company's policy, in days from the due date, as an SQL array. */
const POINTS = sql`(
  array(select -d from unnest(p.days_before) d)
  || case when p.on_due_date then array[0] else array[]::integer[] end
  || p.days_after)`

/**
 * Companies past their send hour today, in their time zone, with their policy: reminders and
 * escalations go when it is `enabled`, digests whether or not.
 */
const FIRMS_PAST_SEND_HOUR = (now: Date) => sql`
  select o.id, o.time_zone, o.date_format, p.enabled, p.days_before, p.on_due_date, p.days_after,
         p.escalate_after_days,
         (${now}::timestamptz at time zone o.time_zone)::date as today,
         extract(isodow from (${now}::timestamptz at time zone o.time_zone)) as weekday
  from organizations o
  join reminder_policies p on p.organization_id = o.id
  where extract(hour from (${now}::timestamptz at time zone o.time_zone)) >= p.send_hour`

/**
 * The user wants this kind of mail (their `preference` by e-mail, on unless turned off) and has not
 * had today's: `day` is the company's today.
 */
const wantsMailToday = (
  user: SQL,
  preference: NotificationKind,
  kind: ScheduledMailKind,
  day: SQL,
) => sql`
  coalesce((select (np.preferences -> ${preference}::text ->> 'email')::boolean
            from notification_preferences np where np.user_id = ${user}), true)
  and not exists (select 1 from scheduled_mails m
                  where m.user_id = ${user} and m.day = ${day} and m.kind = ${kind})`

/**
 * Nothing about a request reaches anyone within a day of the mail that sent it (it said what
 * was due and overdue): no reminder to the client, no escalation to the lead.
 */
const quietAfterSending = (sentAt: SQL, now: Date) =>
  sql`${sentAt} <= ${now}::timestamptz - interval '1 day'`

const AWAITING = sql`(${sql.join(
  AWAITING_CLIENT.map((status) => sql`${status}`),
  sql`, `,
)})`

/** `awaitingClient` for the request aliased `r` in the raw statements below. */
const AWAITING_R = sql`r.status in ${AWAITING} and r.client_ask is null`

export async function findDueReminders(db: Db, now: Date): Promise<DueReminder[]> {
  return selectRows<DueReminder>(
    db,
    sql`
    with firm as (${FIRMS_PAST_SEND_HOUR(now)}),
    candidate as (
      select r.id, r.title, r.audit_id, r.due_date, r.reminder_stage, r.sent_at, r.assignee_user_id,
             f.today, f.time_zone, f.date_format,
             (select max(pt) from unnest(${POINTS}) pt where pt <= f.today - r.due_date) as reached
      from firm f
      join reminder_policies p on p.organization_id = f.id
      join audit_requests r on r.organization_id = f.id
      where f.enabled and ${AWAITING_R} and r.due_date is not null
        and r.assignee_user_id is not null and not r.reminders_paused
        and ${quietAfterSending(sql`r.sent_at`, now)}
        and r.due_date <= f.today + coalesce((select max(d) from unnest(p.days_before) d), 0)
    )
    select c.id as "requestId", c.title, c.audit_id as "auditId", a.name as "auditName",
           to_char(c.due_date, 'YYYY-MM-DD') as "dueDate", c.reached as stage,
           u.id as "userId", person.email, person.first_name as "firstName",
           to_char(c.today, 'YYYY-MM-DD') as today, c.date_format as "dateFormat"
    from candidate c
    join audits a on a.id = c.audit_id and not a.reminders_paused and a.status <> 'completed'
    join projects p on p.id = a.project_id
    join users u on u.id = c.assignee_user_id and u.role = 'client'
    join people person on person.id = u.person_id
    where c.reached is not null
      and ${seesRequestSql(
        { role: sql`u.role`, clientId: sql`u.client_id` },
        { sentAt: sql`c.sent_at`, clientId: sql`p.client_id` },
      )}
      and c.reached > coalesce(c.reminder_stage, -100000)
      and (c.reached > 0
           or c.due_date + c.reached >= ((c.sent_at + interval '1 day') at time zone c.time_zone)::date)
      and ${wantsMailToday(sql`u.id`, 'reminders', 'reminder', sql`c.today`)}
    order by u.id, a.name, c.due_date, c.title`,
  )
}

export interface DueEscalation {
  organizationId: string
  requestId: string
  title: string
  auditId: string
  auditName: string
  dueDate: string
  assigneeName: string
  userId: string
  email: string
  firstName: string
  today: string
  dateFormat: DateFormat
}

/** Requests overdue by the policy's days or more, not yet escalated, with their audit's lead. */
export async function findDueEscalations(db: Db, now: Date): Promise<DueEscalation[]> {
  return selectRows<DueEscalation>(
    db,
    sql`
    with firm as (${FIRMS_PAST_SEND_HOUR(now)})
    select r.organization_id as "organizationId", r.id as "requestId", r.title,
           r.audit_id as "auditId", a.name as "auditName",
           to_char(r.due_date, 'YYYY-MM-DD') as "dueDate",
           coalesce(assignee_person.first_name || ' ' || assignee_person.last_name, '') as "assigneeName",
           lead.id as "userId", lead_person.email, lead_person.first_name as "firstName",
           to_char(f.today, 'YYYY-MM-DD') as today, f.date_format as "dateFormat"
    from firm f
    join audit_requests r on r.organization_id = f.id
    join audits a on a.id = r.audit_id and not a.reminders_paused and a.status <> 'completed'
    join audit_members m on m.audit_id = a.id and m.lead
    join users lead on lead.id = m.user_id
    join people lead_person on lead_person.id = lead.person_id
    left join users assignee on assignee.id = r.assignee_user_id
    left join people assignee_person on assignee_person.id = assignee.person_id
    where f.enabled and f.escalate_after_days is not null
      and ${AWAITING_R} and r.due_date is not null
      and r.due_date <= f.today - f.escalate_after_days
      and r.escalated_at is null and not r.reminders_paused
      and ${quietAfterSending(sql`r.sent_at`, now)}
      and ${wantsMailToday(sql`lead.id`, 'escalation', 'escalation', sql`f.today`)}
    order by lead.id, a.name, r.due_date, r.title`,
  )
}

export interface DigestRow {
  userId: string
  email: string
  firstName: string
  today: string
  dateFormat: DateFormat
  requestId: string
  title: string
  auditName: string
  dueDate: string | null
}

/**
 * Digests due now: on Mondays, each client user's open requests (waiting for their answer); every
 * day, each of the firm's people's requests waiting for review on the audits they are on.
 */
export async function findDigests(db: Db, now: Date) {
  const weekly = await selectRows<DigestRow>(
    db,
    sql`
    with f as (${FIRMS_PAST_SEND_HOUR(now)})
    select u.id as "userId", person.email, person.first_name as "firstName", to_char(f.today, 'YYYY-MM-DD') as today,
           f.date_format as "dateFormat",
           r.id as "requestId", r.title, a.name as "auditName", to_char(r.due_date, 'YYYY-MM-DD') as "dueDate"
    from f
    join users u on u.organization_id = f.id and u.role = 'client'
    join people person on person.id = u.person_id
    join audit_requests r on r.assignee_user_id = u.id and ${AWAITING_R}
    join audits a on a.id = r.audit_id
    join projects p on p.id = a.project_id
    where f.weekday = 1
      and ${seesRequestSql(
        { role: sql`u.role`, clientId: sql`u.client_id` },
        { sentAt: sql`r.sent_at`, clientId: sql`p.client_id` },
      )}
      and ${wantsMailToday(sql`u.id`, 'digest', 'digest', sql`f.today`)}
    order by u.id, a.name, r.due_date nulls last, r.title`,
  )
  const daily = await selectRows<DigestRow>(
    db,
    sql`
    with f as (${FIRMS_PAST_SEND_HOUR(now)})
    select u.id as "userId", person.email, person.first_name as "firstName", to_char(f.today, 'YYYY-MM-DD') as today,
           f.date_format as "dateFormat",
           r.id as "requestId", r.title, a.name as "auditName", to_char(r.due_date, 'YYYY-MM-DD') as "dueDate"
    from f
    join users u on u.organization_id = f.id and u.role in ('admin', 'staff')
    join people person on person.id = u.person_id
    join audit_members m on m.user_id = u.id
    join audit_requests r on r.audit_id = m.audit_id and r.status = ${IN_REVIEW}
    join audits a on a.id = r.audit_id
    where ${wantsMailToday(sql`u.id`, 'digest', 'digest', sql`f.today`)}
    order by u.id, a.name, r.submitted_at, r.title`,
  )
  return { weekly, daily }
}

/** The record of who got which scheduled mail is needed for the day it is about, and no longer. */
export async function deleteOldScheduledMails(db: Db, now: Date) {
  const deleted = await db
    .delete(scheduledMails)
    .where(sql`${scheduledMails.day} < (${now}::timestamptz - interval '3 days')::date`)
    .returning({ userId: scheduledMails.userId })
  return deleted.length
}

/** Claims (user, day, kind) in `tx`: false when another scan has already claimed it. */
export async function claimDay(
  tx: Db,
  userId: string,
  day: string,
  kind: ScheduledMailKind,
  now: Date,
) {
  const claimed = await tx
    .insert(scheduledMails)
    .values({ userId, day, kind, sentAt: now })
    .onConflictDoNothing()
    .returning({ userId: scheduledMails.userId })
  return claimed.length > 0
}

/** The request's last reminder is now `stage` (never moved back by a late scan). */
export async function markReminded(tx: Db, requestId: string, stage: number) {
  await tx
    .update(auditRequests)
    .set({ reminderStage: stage })
    .where(
      sql`${auditRequests.id} = ${requestId} and coalesce(${auditRequests.reminderStage}, -100000) < ${stage}`,
    )
}

/** Their lead has been told (once per due date: a new one clears it). */
export async function markEscalated(tx: Db, requestIds: string[], now: Date) {
  await tx
    .update(auditRequests)
    .set({ escalatedAt: now })
    .where(sql`${auditRequests.id} in ${requestIds} and ${auditRequests.escalatedAt} is null`)
}

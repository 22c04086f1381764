import type { FastifyInstance } from 'fastify'
import { mails, type DueItem } from '../../mail/templates'
import { unsubscribeHeaders } from '../../mail/unsubscribe'
import { deliverNotices } from '../notifications/notify'
import {
  claimDay,
  findDigests,
  findDueEscalations,
  findDueReminders,
  markEscalated,
  markReminded,
} from './reminders.repo'

/**
 * The reminder scan (every REMINDER_SCAN_SECONDS, once across instances): requests awaiting the
 * client whose next reminder has come, by each company's policy, in its time zone, from its send
 * hour on. A request's reminders are points in days from its due date (-3, -1, 0, 1, 3, 7 by
 * default); the latest point reached that is later than the last one sent (`reminder_stage`) is
 * due. Nothing about a request goes out within a day of the mail that sent it (it said what was
 * due and overdue): a point before the due date that came in that day is skipped; one after it
 * (overdue) is reminded once the day is over, as is an escalation.
 *
 * Each recipient gets at most one reminder mail a day, everything due in it: a row in
 * scheduled_mails (user, day, kind) written in the transaction that queues the mail and marks the
 * requests decides it, so two instances scanning at once, or a crash in between, never make two.
 */

function groupByUser<T extends { userId: string }>(rows: T[]) {
  const groups = new Map<string, T[]>()
  for (const row of rows) groups.set(row.userId, [...(groups.get(row.userId) ?? []), row])
  return groups
}

const dueItem =
  (appUrl: string, today: string) =>
  (row: {
    requestId: string
    title: string
    auditName: string
    dueDate: string | null
  }): DueItem => ({
    title: row.title,
    auditName: row.auditName,
    dueDate: row.dueDate,
    daysOverdue: row.dueDate
      ? Math.round((Date.parse(today) - Date.parse(row.dueDate)) / 86_400_000)
      : 0,
    url: `${appUrl}/requests/${row.requestId}`,
  })

/** One scan: the day's reminder mails, escalations and digests that have come due. */
export async function scanReminders(app: FastifyInstance) {
  const { db, config, mailer, clock, log } = app
  const now = clock()
  let reminded = 0
  let escalated = 0

  for (const [userId, rows] of groupByUser(await findDueReminders(db, now))) {
    const first = rows[0]!
    const sent = await db.transaction(async (tx) => {
      if (!(await claimDay(tx, userId, first.today, 'reminder', now))) return false
      for (const row of rows) await markReminded(tx, row.requestId, row.stage)
      await mailer.send(tx, {
        ...mails.reminder(first.email, {
          firstName: first.firstName,
          items: rows.map(dueItem(config.appUrl, first.today)),
          url: `${config.appUrl}/my-requests`,
          dateFormat: first.dateFormat,
        }),
        headers: await unsubscribeHeaders(app, tx, userId, 'reminders'),
      })
      return true
    })
    if (sent) reminded += 1
  }

  for (const [userId, rows] of groupByUser(await findDueEscalations(db, now))) {
    const first = rows[0]!
    const sent = await db.transaction(async (tx) => {
      if (!(await claimDay(tx, userId, first.today, 'escalation', now))) return false
      await markEscalated(
        tx,
        rows.map((row) => row.requestId),
        now,
      )
      const item = dueItem(config.appUrl, first.today)
      await deliverNotices(
        app,
        tx,
        first.organizationId,
        rows.map((row) => ({
          userId,
          kind: 'escalation' as const,
          title: `${row.title} (${row.auditName}) is ${item(row).daysOverdue} days overdue`,
          body: row.assigneeName ? `Assigned to ${row.assigneeName}` : null,
          url: `/requests/${row.requestId}`,
          about: { requestId: row.requestId },
        })),
        now,
      )
      await mailer.send(tx, {
        ...mails.escalation(first.email, {
          firstName: first.firstName,
          items: rows.map((row) => ({
            ...dueItem(config.appUrl, first.today)(row),
            assigneeName: row.assigneeName,
          })),
          dateFormat: first.dateFormat,
        }),
        headers: await unsubscribeHeaders(app, tx, userId, 'escalation'),
      })
      return true
    })
    if (sent) escalated += 1
  }
  let digests = 0
  const { weekly, daily } = await findDigests(db, now)
  for (const [side, rows] of [
    ['client', weekly],
    ['firm', daily],
  ] as const)
    for (const [userId, items] of groupByUser(rows)) {
      const first = items[0]!
      const sent = await db.transaction(async (tx) => {
        if (!(await claimDay(tx, userId, first.today, 'digest', now))) return false
        const list = items.map(dueItem(config.appUrl, first.today))
        await mailer.send(tx, {
          ...(side === 'client'
            ? mails.weeklyDigest(first.email, {
                firstName: first.firstName,
                items: list,
                url: `${config.appUrl}/my-requests`,
                dateFormat: first.dateFormat,
              })
            : mails.reviewDigest(first.email, {
                firstName: first.firstName,
                items: list,
                dateFormat: first.dateFormat,
              })),
          headers: await unsubscribeHeaders(app, tx, userId, 'digest'),
        })
        return true
      })
      if (sent) digests += 1
    }
  log.info({ event: 'reminders.scanned', reminded, escalated, digests }, 'reminders scanned')
  return { reminded, escalated, digests }
}

export function defineReminderJobs(app: FastifyInstance) {
  app.jobs.every(
    'reminders-scan',
    app.config.reminderScanSeconds,
    { retryLimit: 2, retryDelaySeconds: 30 },
    () => scanReminders(app).then(() => undefined),
  )
}

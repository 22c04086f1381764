import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS } from '@shared/schemas/reminders'
import { timestamps, tstz } from './columns'
import { organizations } from './organizations'
import { auditRequests } from './requests'
import { users } from './users'

/**
 * A company's reminder policy (issue 15); a company without a row has the defaults, which the
 * columns' defaults spell out once (modules/reminders/policy.ts reads them from here).
 */
export const reminderPolicies = pgTable(
  'reminder_policies',
  {
    organizationId: uuid()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(true),
    daysBefore: integer()
      .array()
      .notNull()
      .default(sql`'{3,1}'`),
    onDueDate: boolean().notNull().default(true),
    daysAfter: integer()
      .array()
      .notNull()
      .default(sql`'{1,3,7}'`),
    /** The hour of the day (in the company's time zone) from which the day's reminders go out. */
    sendHour: integer().notNull().default(0),
    /** Days overdue after which the audit's lead is told; null: never. */
    escalateAfterDays: integer().default(7),
    ...timestamps,
  },
  (t) => [check('reminder_policies_send_hour_check', sql`${t.sendHour} between 0 and 23`)],
)

/**
 * The scheduled mails each user received, one row per (user, day in their company's time zone,
 * kind): inserted in the transaction that queues the mail, it makes sure no one gets two of a
 * kind on one day, whichever instance scans.
 */
export const scheduledMails = pgTable(
  'scheduled_mails',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    kind: text({ enum: ['reminder', 'escalation', 'digest'] }).notNull(),
    sentAt: tstz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.kind] })],
)

/** What each user wants to hear of, in the app and by e-mail; absent kinds have the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb().notNull().default({}),
  ...timestamps,
})

/**
 * What concerns a user (the bell), and what is still to be mailed to them: `inApp` rows are
 * listed; `emailPending` rows go out in the next event mail (at most one per user per ten minutes).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    title: text().notNull(),
    body: text(),
    url: text().notNull(),
    /**
     * The request it tells of (null: none, e.g. an invitation accepted): with `internal`, what the
     * audience rule (access/audience.ts) checks when it is delivered, listed and mailed.
     */
    requestId: uuid().references(() => auditRequests.id, { onDelete: 'cascade' }),
    /** Of an internal note: the firm's people only. */
    internal: boolean().notNull().default(false),
    inApp: boolean().notNull(),
    emailPending: boolean().notNull().default(false),
    createdAt: tstz().notNull().defaultNow(),
    readAt: tstz(),
    emailedAt: tstz(),
  },
  (t) => [
    index('notifications_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.inApp} and ${t.readAt} is null`),
    index('notifications_email_pending_idx')
      .on(t.userId)
      .where(sql`${t.emailPending} and ${t.emailedAt} is null`),
    index('notifications_request_id_idx').on(t.requestId),
  ],
)

/** When each user was last sent an event mail (the ten-minute rule). */
export const eventMailState = pgTable('event_mail_state', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: tstz().notNull(),
})

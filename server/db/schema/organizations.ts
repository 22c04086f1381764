import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '../../../shared/constants'
import {
  REQUIRE_MFA,
  SESSION_IDLE_MINUTES,
  SESSION_MAX_HOURS,
} from '../../../shared/schemas/security-policy'
import { id, timestamps } from './columns'

const dateFormatList = sql.raw(DATE_FORMATS.map((format) => `'${format}'`).join(', '))

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text().notNull(),
    size: text().notNull(),
    industry: text().notNull(),
    phone: text().notNull(),
    /** IANA name: when reminders go out and how dates read in mails. */
    timeZone: text().notNull().default('UTC'),
    /** The order of day and month in the app and its mails ("Nov 29, 2026" or "29 Nov 2026"). */
    dateFormat: text({ enum: DATE_FORMATS }).notNull().default(DEFAULT_DATE_FORMAT),
    /** Who must have a second factor before doing anything (modules/security-policy). */
    requireMfa: text({ enum: REQUIRE_MFA }).notNull().default('off'),
    /** Every session of the company's people ends after this long unused, or this long in all. */
    sessionIdleMinutes: integer().notNull().default(SESSION_IDLE_MINUTES.default),
    sessionMaxHours: integer().notNull().default(SESSION_MAX_HOURS.default),
    ...timestamps,
  },
  (t) => [
    check('organizations_date_format_check', sql`${t.dateFormat} in (${dateFormatList})`),
    check('organizations_require_mfa_check', sql`${t.requireMfa} in ('off', 'staff', 'all')`),
    check(
      'organizations_session_limits_check',
      sql`${t.sessionIdleMinutes} between ${sql.raw(String(SESSION_IDLE_MINUTES.min))} and ${sql.raw(String(SESSION_IDLE_MINUTES.max))}
        and ${t.sessionMaxHours} between ${sql.raw(String(SESSION_MAX_HOURS.min))} and ${sql.raw(String(SESSION_MAX_HOURS.max))}
        and ${t.sessionIdleMinutes} <= ${t.sessionMaxHours} * 60`,
    ),
  ],
)

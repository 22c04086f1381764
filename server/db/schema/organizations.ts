import { sql } from 'drizzle-orm'
import { check, pgTable, text } from 'drizzle-orm/pg-core'
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '../../../shared/constants'
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
    ...timestamps,
  },
  (t) => [check('organizations_date_format_check', sql`${t.dateFormat} in (${dateFormatList})`)],
)

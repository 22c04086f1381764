import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { PREPARED_FILE_KINDS, type PrepareFileInput } from '../../../shared/schemas/prepared-files'
import { id, tstz } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/**
 * Files prepared in the background for whoever asked (shared/schemas/prepared-files.ts): the row is
 * written when asked, the job fills in the stored file, and the sweep deletes both a day after it
 * was ready. The file's subject (`input`) is checked again, as the asker, when it is built.
 */
export const preparedFiles = pgTable(
  'prepared_files',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: PREPARED_FILE_KINDS }).notNull(),
    /** What was asked, as asked (the audit, the portfolio's filter). */
    input: jsonb().$type<PrepareFileInput>().notNull(),
    status: text({ enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    fileName: text(),
    contentType: text(),
    storageKey: text(),
    sizeBytes: bigint({ mode: 'number' }),
    error: text(),
    createdAt: tstz().notNull().defaultNow(),
    readyAt: tstz(),
    expiresAt: tstz(),
  },
  (t) => [
    index('prepared_files_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('prepared_files_expires_at_idx').on(t.expiresAt),
  ],
)

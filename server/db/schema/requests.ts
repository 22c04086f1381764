import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { ANSWER_TYPES, type AnswerType, type Signature } from '../../../shared/schemas/answers'
import { CLIENT_ASKS, REQUEST_STATUSES } from '../../../shared/schemas/requests'
import {
  answerTypeColumns,
  answerTypeList,
  choicesCheck,
  id,
  searchVector,
  timestamps,
  tstz,
} from './columns'
import { organizations } from './organizations'
import { users } from './users'
import { audits } from './workspace'

export const FILE_TEXT_STATUSES = ['pending', 'done', 'unsupported', 'failed'] as const
const fileTextStatusList = sql.raw(FILE_TEXT_STATUSES.map((status) => `'${status}'`).join(', '))
const statusList = sql.raw(REQUEST_STATUSES.map((status) => `'${status}'`).join(', '))
const askList = sql.raw(CLIENT_ASKS.map((ask) => `'${ask}'`).join(', '))

/** Text compared byte by byte, whatever the database's collation: order keys sort that way. */
const bytewiseText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' })

/** What an audit asks of its client: copied from a template item or written by hand. */
export const auditRequests = pgTable(
  'audit_requests',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    auditId: uuid()
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    /** Given at creation, the next of its audit (`audits.last_request_number`); never changes. */
    number: integer().notNull(),
    /**
     * Its place in the audit's order: a fractional-indexing key (decision 021), unique within the
     * audit, so that a request moves between two others by writing its own row only.
     */
    position: bytewiseText().notNull(),
    title: text().notNull(),
    description: text(),
    /** The part of the list it belongs to ("3 Cash and bank"), and its reference there ("3.1"). */
    section: text(),
    reference: text(),
    documentRequired: boolean().notNull().default(false),
    responseRequired: boolean().notNull().default(false),
    ...answerTypeColumns(),
    status: text({ enum: REQUEST_STATUSES }).notNull().default('draft'),
    /** A client-role user of the audit's client (checked by the API). */
    assigneeUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    dueDate: date({ mode: 'string' }),
    /** Provenance only: a snapshot, so editing or deleting the template changes nothing here. */
    sourceTemplateItemId: uuid(),
    /**
     * The request of last period's audit it was rolled forward from, when asked to be shown with
     * it: its accepted answer, for reference (to the client too).
     */
    previousRequestId: uuid().references((): AnyPgColumn => auditRequests.id, {
      onDelete: 'set null',
    }),
    sentAt: tstz(),
    submittedAt: tstz(),
    acceptedAt: tstz(),
    notApplicableReason: text(),
    /**
     * A client user's proposal that it does not apply, or question, waiting for the firm's answer
     * (the firm's move until then); its words, and when. Cleared by the answer or a submission.
     */
    clientAsk: text({ enum: CLIENT_ASKS }),
    clientAskText: text(),
    clientAskAt: tstz(),
    /** No reminder goes out for it while set. */
    remindersPaused: boolean().notNull().default(false),
    /**
     * The last reminder sent, as days from the due date (-3: three days before, 0: on it, 7: a
     * week after); null: none since it was sent or its due date changed.
     */
    reminderStage: integer(),
    /** When its audit's lead was told that it is overdue (once per due date). */
    escalatedAt: tstz(),
    search: searchVector([
      ['title', 'A'],
      ['reference', 'A'],
      ['description', 'B'],
      ['section', 'C'],
    ]),
    ...timestamps,
  },
  (t) => [
    index('audit_requests_search_idx').using('gin', t.search),
    // An audit's order, and its numbers.
    uniqueIndex('audit_requests_audit_id_position_key').on(t.auditId, t.position),
    uniqueIndex('audit_requests_audit_id_number_key').on(t.auditId, t.number),
    index('audit_requests_assignee_user_id_idx').on(t.assigneeUserId),
    index('audit_requests_organization_id_status_idx').on(t.organizationId, t.status),
    // The review queue: a company's submitted requests, oldest answer first, read in order.
    index('audit_requests_review_idx')
      .on(t.organizationId, t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted'`),
    // The dashboard's overdue requests, waiting for the client by due date: the company's (with
    // their audit, read from the index alone), and an audit's.
    index('audit_requests_awaiting_client_due_idx')
      .on(t.organizationId, t.dueDate, t.auditId)
      .where(sql`${t.status} in ('sent', 'returned') and ${t.clientAsk} is null`),
    index('audit_requests_audit_awaiting_client_due_idx')
      .on(t.auditId, t.dueDate)
      .where(sql`${t.status} in ('sent', 'returned') and ${t.clientAsk} is null`),
    check('audit_requests_status_check', sql`${t.status} in (${statusList})`),
    check('audit_requests_number_check', sql`${t.number} >= 1`),
    check('audit_requests_client_ask_check', sql`${t.clientAsk} in (${askList})`),
    check('audit_requests_answer_type_check', sql`${t.answerType} in (${answerTypeList})`),
    check('audit_requests_choices_check', choicesCheck(t)),
    check(
      'audit_requests_not_applicable_reason_check',
      sql`(${t.status} = 'not_applicable') = (${t.notApplicableReason} is not null)`,
    ),
  ],
)

/**
 * One submission of a request: the client's answer, and the firm's reason when it was returned.
 * Files (next slice) will reference a version. `submitted_at` null: a version being prepared.
 */
export const requestVersions = pgTable(
  'request_versions',
  {
    id: id(),
    requestId: uuid()
      .notNull()
      .references(() => auditRequests.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    response: text(),
    /**
     * The request's answer type when this was submitted, and the typed answer ('yes', a choice,
     * a number, YYYY-MM-DD, the name typed to sign); an acknowledgement's signature block.
     */
    answerType: text({ enum: ANSWER_TYPES }).$type<AnswerType>().notNull().default('text'),
    answer: text(),
    signature: jsonb().$type<Signature>(),
    submittedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Names are snapshots, so that a version still reads right after the user is gone. */
    submittedByName: text(),
    submittedAt: tstz(),
    returnedReason: text(),
    returnedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    returnedByName: text(),
    returnedAt: tstz(),
    search: searchVector([
      ['response', 'B'],
      ['answer', 'B'],
    ]),
    ...timestamps,
  },
  (t) => [
    index('request_versions_search_idx').using('gin', t.search),
    uniqueIndex('request_versions_request_id_number_key').on(t.requestId, t.number),
    index('request_versions_submitted_by_user_id_idx').on(t.submittedByUserId),
    index('request_versions_returned_by_user_id_idx').on(t.returnedByUserId),
    check('request_versions_number_check', sql`${t.number} >= 1`),
    check('request_versions_answer_type_check', sql`${t.answerType} in (${answerTypeList})`),
  ],
)

/** The thread of a request; `internal` notes are the firm's only. */
export const requestComments = pgTable(
  'request_comments',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestId: uuid()
      .notNull()
      .references(() => auditRequests.id, { onDelete: 'cascade' }),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    body: text().notNull(),
    internal: boolean().notNull().default(false),
    search: searchVector([['body', 'B']]),
    ...timestamps,
  },
  (t) => [
    index('request_comments_search_idx').using('gin', t.search),
    index('request_comments_request_id_created_at_idx').on(t.requestId, t.createdAt),
    index('request_comments_organization_id_idx').on(t.organizationId),
    index('request_comments_author_user_id_idx').on(t.authorUserId),
  ],
)

/**
 * A file attached to a version of a request. The bytes live in the storage (server/files) under
 * `storage_key`, a generated name; `file_name` is the uploader's name, for display only.
 */
export const requestFiles = pgTable(
  'request_files',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestId: uuid()
      .notNull()
      .references(() => auditRequests.id, { onDelete: 'cascade' }),
    versionId: uuid()
      .notNull()
      .references(() => requestVersions.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    /** Sniffed from the bytes, never taken from the upload's headers. */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text().notNull(),
    /**
     * The words inside it, for search (decision 050): read by a background job after the upload.
     * `pending` until then; `done`, `unsupported` (a type not read, e.g. images) or `failed`
     * (`text_failure`: unreadable, too_large, timeout) after, never tried again.
     */
    textStatus: text({ enum: FILE_TEXT_STATUSES }).notNull().default('pending'),
    textFailure: text(),
    extractedText: text(),
    search: searchVector([
      ['file_name', 'A'],
      ['extracted_text', 'C'],
    ]),
    ...timestamps,
  },
  (t) => [
    index('request_files_search_idx').using('gin', t.search),
    // Files waiting for their text to be read, oldest first (the sweep that queues lost ones).
    index('request_files_text_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.textStatus} = 'pending'`),
    uniqueIndex('request_files_storage_key_key').on(t.storageKey),
    index('request_files_request_id_idx').on(t.requestId),
    index('request_files_version_id_idx').on(t.versionId),
    // With the size, a company's storage use (summed at each upload) is read from the index alone.
    index('request_files_organization_id_size_bytes_idx').on(t.organizationId, t.sizeBytes),
    index('request_files_uploaded_by_user_id_idx').on(t.uploadedByUserId),
    check('request_files_size_bytes_check', sql`${t.sizeBytes} >= 0`),
    check('request_files_text_status_check', sql`${t.textStatus} in (${fileTextStatusList})`),
  ],
)

/**
 * A client user's answer in progress, saved as they type (never the firm's to see): one per
 * request and user, gone when they submit.
 */
export const answerDrafts = pgTable(
  'answer_drafts',
  {
    requestId: uuid()
      .notNull()
      .references(() => auditRequests.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    response: text().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('answer_drafts_user_id_idx').on(t.userId),
    index('answer_drafts_organization_id_idx').on(t.organizationId),
  ],
)

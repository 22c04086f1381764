import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { DUE_DAYS_BEFORE_MAX } from '@shared/schemas/templates'
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

const organizationId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' })

export const clients = pgTable(
  'clients',
  {
    id: id(),
    organizationId: organizationId(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    address: text(),
    search: searchVector([
      ['name', 'A'],
      ['email', 'C'],
    ]),
    ...timestamps,
  },
  // The list's order (decision 014): by lower(name), then id.
  (t) => [
    index('clients_search_idx').using('gin', t.search),
    index('clients_organization_id_lower_name_id_idx').on(
      t.organizationId,
      sql`lower(${t.name})`,
      t.id,
    ),
  ],
)

export const projects = pgTable(
  'projects',
  {
    id: id(),
    organizationId: organizationId(),
    // restrict: a client with projects cannot be deleted (the API answers 409 first).
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    description: text(),
    status: text({ enum: ['active', 'completed', 'on_hold'] })
      .notNull()
      .default('active'),
    search: searchVector([
      ['name', 'A'],
      ['description', 'B'],
    ]),
    ...timestamps,
  },
  (t) => [
    index('projects_search_idx').using('gin', t.search),
    // Newest first (read backwards), all of them or one status tab (decision 014); a client's too.
    index('projects_organization_id_created_at_id_idx').on(t.organizationId, t.createdAt, t.id),
    index('projects_organization_id_status_created_at_id_idx').on(
      t.organizationId,
      t.status,
      t.createdAt,
      t.id,
    ),
    index('projects_client_id_created_at_id_idx').on(t.clientId, t.createdAt, t.id),
    check('projects_status_check', sql`${t.status} in ('active', 'completed', 'on_hold')`),
  ],
)

export const audits = pgTable(
  'audits',
  {
    id: id(),
    organizationId: organizationId(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    description: text(),
    status: text({ enum: ['in_progress', 'in_review', 'completed'] })
      .notNull()
      .default('in_progress'),
    dueDate: date({ mode: 'string' }),
    /** No reminder goes out for any of its requests while set (issue 15). */
    remindersPaused: boolean().notNull().default(false),
    /** The number its latest request was given: numbers are never reused (decision 021). */
    lastRequestNumber: integer().notNull().default(0),
    search: searchVector([
      ['name', 'A'],
      ['description', 'B'],
    ]),
    ...timestamps,
  },
  (t) => [
    index('audits_search_idx').using('gin', t.search),
    // With the status, the dashboard counts its in-progress audits from the index alone.
    index('audits_organization_id_status_idx').on(t.organizationId, t.status),
    index('audits_project_id_created_at_id_idx').on(t.projectId, t.createdAt, t.id),
    check('audits_status_check', sql`${t.status} in ('in_progress', 'in_review', 'completed')`),
  ],
)

/**
 * A company's counts for its dashboard and its project tabs, kept by triggers on clients, projects,
 * audits and audit_requests (migration 0010): one row read at any size instead of a count over
 * the company's rows (decision 014).
 */
export const organizationCounts = pgTable('organization_counts', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  clients: integer().notNull().default(0),
  activeProjects: integer().notNull().default(0),
  completedProjects: integer().notNull().default(0),
  onHoldProjects: integer().notNull().default(0),
  inProgressAudits: integer().notNull().default(0),
  acceptedRequests: integer().notNull().default(0),
})

/**
 * Where each audit stands, kept by statement triggers on audit_requests, request_comments and
 * request_files (migration 0026): its requests by status, its first sending and the client's last
 * activity, read as one row per audit by the portfolio at any size (decision 033). Days overdue
 * change with the calendar, so they are counted from the requests (a partial index) instead.
 */
export const auditStandings = pgTable(
  'audit_standings',
  {
    auditId: uuid()
      .primaryKey()
      .references(() => audits.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    draft: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    submitted: integer().notNull().default(0),
    accepted: integer().notNull().default(0),
    returned: integer().notNull().default(0),
    notApplicable: integer().notNull().default(0),
    firstSentAt: tstz(),
    /** The latest submission, comment or upload of a client user on the audit. */
    clientActiveAt: tstz(),
    /**
     * The earliest due date of its requests waiting for the client: the audit has overdue requests
     * exactly when this is before today.
     */
    awaitingDueFrom: date({ mode: 'string' }),
  },
  (t) => [index('audit_standings_organization_id_idx').on(t.organizationId)],
)

export const templateCategories = pgTable(
  'template_categories',
  {
    id: id(),
    organizationId: organizationId(),
    name: text().notNull(),
    description: text(),
    ...timestamps,
  },
  (t) => [index('template_categories_organization_id_idx').on(t.organizationId)],
)

export const templates = pgTable(
  'templates',
  {
    id: id(),
    organizationId: organizationId(),
    categoryId: uuid().references(() => templateCategories.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text(),
    ...timestamps,
  },
  (t) => [
    index('templates_organization_id_name_idx').on(t.organizationId, t.name),
    index('templates_category_id_idx').on(t.categoryId),
  ],
)

export const templateItems = pgTable(
  'template_items',
  {
    id: id(),
    organizationId: organizationId(),
    templateId: uuid()
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    /** As a request's: the part of the list, and the reference there. */
    section: text(),
    reference: text(),
    requiresDocument: boolean().notNull().default(false),
    requiresResponse: boolean().notNull().default(false),
    ...answerTypeColumns(),
    order: integer().notNull().default(0),
    /** Due this many days before the audit's due date (null: no due date from the template). */
    dueDaysBefore: integer(),
    ...timestamps,
  },
  (t) => [
    index('template_items_template_id_order_idx').on(t.templateId, t.order),
    index('template_items_organization_id_idx').on(t.organizationId),
    check('template_items_order_check', sql`${t.order} >= 0`),
    check(
      'template_items_due_days_before_check',
      sql`${t.dueDaysBefore} between 0 and ${sql.raw(String(DUE_DAYS_BEFORE_MAX))}`,
    ),
    check('template_items_answer_type_check', sql`${t.answerType} in (${answerTypeList})`),
    check('template_items_choices_check', choicesCheck(t)),
  ],
)

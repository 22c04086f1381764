import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ROLES } from '../../../shared/constants'
import { ACTIVITY_ACTIONS, type FieldChange } from '../../../shared/schemas/dashboard'
import { id, timestamps, tstz } from './columns'
import { organizations } from './organizations'
import { auditRequests } from './requests'
import { roleList, users } from './users'
import { audits, clients } from './workspace'

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: ROLES }).notNull(),
    /** For role client: the client the new user will belong to; its invitations go with it. */
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    /** SHA-256 of the mailed token, hex; a resend replaces it. */
    tokenHash: text().notNull(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** When the current link was mailed (creation or the latest resend). */
    sentAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    acceptedAt: tstz(),
    revokedAt: tstz(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    // One open invitation per company and e-mail; the service answers 409 before this trips.
    uniqueIndex('invitations_open_email_key')
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('invitations_organization_id_idx').on(t.organizationId),
    index('invitations_client_id_idx').on(t.clientId),
    index('invitations_invited_by_user_id_idx').on(t.invitedByUserId),
    check('invitations_role_check', sql`${t.role} in (${roleList})`),
    check('invitations_client_id_check', sql`(${t.role} = 'client') = (${t.clientId} is not null)`),
    check('invitations_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
  ],
)

const actionList = sql.raw(ACTIVITY_ACTIONS.map((action) => `'${action}'`).join(', '))

/** The company's audit trail, read by the dashboard's Recent Activity. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Snapshots, so that an event still reads right after the user or invitation is gone. */
    actorName: text().notNull(),
    action: text({ enum: ACTIVITY_ACTIONS }).notNull(),
    target: text().notNull(),
    /** What was said with it: a reason, a proposal's words. */
    detail: text(),
    /**
     * The request the event is about: its history. Set null when the request goes (with its audit)
     * so that the company's trail keeps the event.
     */
    requestId: uuid().references(() => auditRequests.id, { onDelete: 'set null' }),
    /** The audit it happened in: its trail, which keeps a deleted request's events. */
    auditId: uuid().references(() => audits.id, { onDelete: 'set null' }),
    /** What a `request.updated` changed, from what to what (names and days as text then). */
    changes: jsonb().$type<FieldChange[]>(),
    ...timestamps,
  },
  (t) => [
    index('activity_events_audit_id_created_at_id_idx').on(t.auditId, t.createdAt, t.id),
    index('activity_events_request_id_created_at_idx').on(t.requestId, t.createdAt),
    // Newest first (read backwards), to the last page (decision 014).
    index('activity_events_organization_id_created_at_id_idx').on(
      t.organizationId,
      t.createdAt,
      t.id,
    ),
    index('activity_events_actor_user_id_created_at_idx').on(t.actorUserId, t.createdAt.desc()),
    check('activity_events_action_check', sql`${t.action} in (${actionList})`),
  ],
)

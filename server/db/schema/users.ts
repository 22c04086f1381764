import { eq, sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ROLES } from '../../../shared/constants'
import { id, timestamps, tstz } from './columns'
import { organizations } from './organizations'
import { clients } from './workspace'

/** The roles as an SQL list, for CHECK constraints. */
export const roleList = sql.raw(ROLES.map((role) => `'${role}'`).join(', '))

/**
 * A person: who signs in (the e-mail, the password) and what they are called. What they may do in
 * a company is their membership there (`users`); one person may belong to several companies
 * (decision 047). A person made from an account of before the split kept its id.
 */
export const people = pgTable(
  'people',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    emailVerifiedAt: tstz(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('people_email_key').on(t.email),
    index('people_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    check('people_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
  ],
)

/**
 * A membership: a person in one company, with a role there (and, for a client user, the client
 * record). Everything done in a company (requests, comments, the trail) names the membership, so
 * these ids are the "user ids" of the API.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text({ enum: ROLES }).notNull(),
    /** The client record a client-role user belongs to; restrict: the API answers 409 first. */
    clientId: uuid().references(() => clients.id, { onDelete: 'restrict' }),
    lastLoginAt: tstz(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_person_id_organization_id_key').on(t.personId, t.organizationId),
    index('users_organization_id_idx').on(t.organizationId),
    index('users_client_id_idx').on(t.clientId),
    check('users_role_check', sql`${t.role} in (${roleList})`),
    check('users_client_id_check', sql`(${t.role} = 'client') = (${t.clientId} is not null)`),
  ],
)

/** Joins a membership to its person: wherever a user's e-mail or name is read. */
export const withPerson = eq(people.id, users.personId)

import { sql, type AnyColumn } from 'drizzle-orm'
import { passkeys, totpFactors } from '../../db/schema'

/**
 * SQL for a select list or a condition: whether the person in `personId` (a column of the outer
 * query) has a second factor: a confirmed authenticator app or a passkey. One definition for the
 * session query, the users list and the security policy.
 */
export const hasConfirmedFactor = (personId: AnyColumn) =>
  sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.personId} = ${personId} and ${totpFactors.confirmedAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.personId} = ${personId}))`

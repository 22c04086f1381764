import { sql } from 'drizzle-orm'
import { auditMembers } from '../../db/schema'

/**
 * The ids of the audits whose team the user is on ("my audits"), as a subquery for the queries
 * that ask it (the dashboard, My work): read from the user's rows of audit_members through its
 * user index.
 */
export const teamAuditIds = (orgId: string, userId: string) =>
  sql`select ${auditMembers.auditId} from ${auditMembers}
    where ${auditMembers.userId} = ${userId} and ${auditMembers.organizationId} = ${orgId}`

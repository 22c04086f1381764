import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditRequests, requestFiles, requestVersions } from '../../db/schema'

/** Submitted versions per request. */
export async function versionCounts(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ requestId: requestVersions.requestId, count: sql<number>`count(*)::int` })
    .from(requestVersions)
    .where(
      and(inArray(requestVersions.requestId, requestIds), isNotNull(requestVersions.submittedAt)),
    )
    .groupBy(requestVersions.requestId)
  return new Map(rows.map((row) => [row.requestId, row.count]))
}

/** The files of the accepted version (the latest submitted one) of each accepted request of the audit. */
export async function acceptedFiles(db: Db, orgId: string, auditId: string) {
  const latest = sql`(select v2.id from ${requestVersions} as v2 where v2.request_id = ${auditRequests.id} and v2.submitted_at is not null order by v2.number desc limit 1)`
  return db
    .select({
      id: requestFiles.id,
      requestId: requestFiles.requestId,
      fileName: requestFiles.fileName,
      contentType: requestFiles.contentType,
      sizeBytes: requestFiles.sizeBytes,
      sha256: requestFiles.sha256,
      storageKey: requestFiles.storageKey,
    })
    .from(requestFiles)
    .innerJoin(auditRequests, eq(auditRequests.id, requestFiles.requestId))
    .where(
      and(
        eq(requestFiles.organizationId, orgId),
        eq(auditRequests.auditId, auditId),
        eq(auditRequests.status, 'accepted'),
        sql`${requestFiles.versionId} = ${latest}`,
      ),
    )
    .orderBy(asc(requestFiles.createdAt), asc(requestFiles.id))
}

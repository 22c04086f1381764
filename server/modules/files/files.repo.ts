import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Principal } from '../../access/principal'
import { visibleRequests } from '../../access/audience'
import type { Db } from '../../db/client'
import { idIn } from '../../db/id-in'
import {
  auditRequests,
  audits,
  preparedFiles,
  projects,
  requestFiles,
  requestVersions,
} from '../../db/schema'
import { notFound } from '../../lib/errors'

/** The queries of request_files: the files of each version of an answer. */

const fileColumns = {
  id: requestFiles.id,
  fileName: requestFiles.fileName,
  contentType: requestFiles.contentType,
  sizeBytes: requestFiles.sizeBytes,
  sha256: requestFiles.sha256,
  uploadedBy: requestFiles.uploadedByName,
  uploadedById: requestFiles.uploadedByUserId,
  createdAt: requestFiles.createdAt,
}

export type FileRow = Awaited<ReturnType<typeof filesOfRequest>>[number]

/** One file the scope may see (its request visible to them), with what the rules need; 404 otherwise. */
export async function findFile(
  db: Db,
  orgId: string,
  id: string,
  scope: Pick<Principal, 'role' | 'clientId'>,
) {
  const [row] = await db
    .select({
      ...fileColumns,
      storageKey: requestFiles.storageKey,
      requestId: requestFiles.requestId,
      versionId: requestFiles.versionId,
      versionSubmittedAt: requestVersions.submittedAt,
      requestStatus: auditRequests.status,
      auditStatus: audits.status,
    })
    .from(requestFiles)
    .innerJoin(requestVersions, eq(requestVersions.id, requestFiles.versionId))
    .innerJoin(auditRequests, eq(auditRequests.id, requestFiles.requestId))
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(
      and(eq(requestFiles.organizationId, orgId), eq(requestFiles.id, id), visibleRequests(scope)),
    )
  if (!row) throw notFound('File')
  return row
}

/** The files of a request's versions, oldest first. */
export function filesOfRequest(db: Db, requestId: string) {
  return db
    .select({ ...fileColumns, versionId: requestFiles.versionId })
    .from(requestFiles)
    .where(eq(requestFiles.requestId, requestId))
    .orderBy(asc(requestFiles.createdAt), asc(requestFiles.id))
}

export async function insertFiles(
  db: Db,
  values: Array<{
    organizationId: string
    requestId: string
    versionId: string
    storageKey: string
    fileName: string
    contentType: string
    sizeBytes: number
    sha256: string
    uploadedByUserId: string
    uploadedByName: string
  }>,
  now: Date,
) {
  return (
    db
      .insert(requestFiles)
      // A millisecond apart, so that the files keep the order in which they were sent.
      .values(
        values.map((value, index) => {
          const at = new Date(now.getTime() + index)
          return { ...value, createdAt: at, updatedAt: at }
        }),
      )
      .returning({ ...fileColumns, versionId: requestFiles.versionId })
  )
}

/** Deletes the file while its version is still being prepared; its storage key, or undefined. */
export async function deletePendingFile(db: Db, orgId: string, id: string) {
  const [row] = await db
    .delete(requestFiles)
    .where(
      and(
        eq(requestFiles.organizationId, orgId),
        eq(requestFiles.id, id),
        inArray(
          requestFiles.versionId,
          db
            .select({ id: requestVersions.id })
            .from(requestVersions)
            .where(isNull(requestVersions.submittedAt)),
        ),
      ),
    )
    .returning({ storageKey: requestFiles.storageKey })
  return row?.storageKey
}

/** The storage keys of these requests' files (lock the requests first: see lockRequests). */
export async function storageKeysOf(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return []
  const rows = await db
    .select({ key: requestFiles.storageKey })
    .from(requestFiles)
    .where(inArray(requestFiles.requestId, requestIds))
  return rows.map((row) => row.key)
}

/** Files of the prepared version: a document-required request needs at least one to be submitted. */
export async function countPendingFiles(db: Db, requestId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(requestFiles)
    .innerJoin(requestVersions, eq(requestVersions.id, requestFiles.versionId))
    .where(and(eq(requestFiles.requestId, requestId), isNull(requestVersions.submittedAt)))
  return row?.count ?? 0
}

/** The files on the request's version being prepared (what a submission hands in with it). */
export function pendingFiles(db: Db, requestId: string) {
  return db
    .select({ fileName: requestFiles.fileName, sha256: requestFiles.sha256 })
    .from(requestFiles)
    .innerJoin(requestVersions, eq(requestVersions.id, requestFiles.versionId))
    .where(and(eq(requestFiles.requestId, requestId), isNull(requestVersions.submittedAt)))
    .orderBy(asc(requestFiles.createdAt), asc(requestFiles.id))
}

/** How many submitted files each of the requests has (one grouped read; none: absent). */
export async function submittedFileCounts(db: Db, requestIds: readonly string[]) {
  if (requestIds.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ requestId: requestFiles.requestId, count: sql<number>`count(*)::int` })
    .from(requestFiles)
    .innerJoin(requestVersions, eq(requestVersions.id, requestFiles.versionId))
    .where(and(idIn(requestFiles.requestId, requestIds), isNotNull(requestVersions.submittedAt)))
    .groupBy(requestFiles.requestId)
  return new Map(rows.map((row) => [row.requestId, row.count]))
}

/** The bytes of all the company's stored files. */
export async function companyStoredBytes(db: Db, orgId: string) {
  const [row] = await db
    .select({ bytes: sql`coalesce(sum(${requestFiles.sizeBytes}), 0)`.mapWith(Number) })
    .from(requestFiles)
    .where(eq(requestFiles.organizationId, orgId))
  return row?.bytes ?? 0
}

/** Which of these storage keys a file row holds, in any company (start-up clean-up). */
export async function referencedStorageKeys(db: Db, keys: string[]) {
  const found = new Set<string>()
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000)
    const rows = await db
      .select({ key: requestFiles.storageKey })
      .from(requestFiles)
      .where(inArray(requestFiles.storageKey, batch))
      .union(
        db
          .select({ key: sql<string>`${preparedFiles.storageKey}` })
          .from(preparedFiles)
          .where(inArray(preparedFiles.storageKey, batch)),
      )
    for (const row of rows) found.add(row.key)
  }
  return found
}

/**
 * The files of the accepted version (the latest submitted one) of each accepted request among
 * these of the audit, oldest first.
 */
export async function acceptedFiles(db: Db, orgId: string, auditId: string, requestIds: string[]) {
  if (requestIds.length === 0) return []
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
        inArray(auditRequests.id, requestIds),
        eq(auditRequests.status, 'accepted'),
        sql`${requestFiles.versionId} = ${latest}`,
      ),
    )
    .orderBy(asc(requestFiles.createdAt), asc(requestFiles.id))
}

/** What reading a file's text needs, while it waits for it (undefined: read already, or gone). */
export async function findFileWaitingForText(db: Db, id: string) {
  const [row] = await db
    .select({
      id: requestFiles.id,
      storageKey: requestFiles.storageKey,
      contentType: requestFiles.contentType,
      sizeBytes: requestFiles.sizeBytes,
    })
    .from(requestFiles)
    .where(and(eq(requestFiles.id, id), eq(requestFiles.textStatus, 'pending')))
  return row
}

/** The outcome of reading a file's text (decision 050): its words, or why there are none. */
export async function recordFileText(
  db: Db,
  id: string,
  outcome:
    | { status: 'done'; text: string }
    | { status: 'unsupported' }
    | { status: 'failed'; reason: string },
) {
  await db
    .update(requestFiles)
    .set({
      textStatus: outcome.status,
      extractedText: outcome.status === 'done' ? outcome.text : null,
      textFailure: outcome.status === 'failed' ? outcome.reason : null,
    })
    .where(and(eq(requestFiles.id, id), eq(requestFiles.textStatus, 'pending')))
}

/** Files still waiting for their text since before `before`, oldest first (lost jobs, old files). */
export function filesWaitingForText(db: Db, before: Date, limit: number) {
  return db
    .select({ id: requestFiles.id })
    .from(requestFiles)
    .where(and(eq(requestFiles.textStatus, 'pending'), lt(requestFiles.createdAt, before)))
    .orderBy(asc(requestFiles.createdAt))
    .limit(limit)
}

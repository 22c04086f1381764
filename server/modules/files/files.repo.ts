import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm'
import type { RequestFile } from '@shared/schemas/requests'
import type { Db } from '../../db/client'
import {
  auditRequests,
  audits,
  organizations,
  projects,
  requestFiles,
  requestVersions,
} from '../../db/schema'
import { fileNameFor } from '../../files/file-types'
import { isUniqueViolation, notFound } from '../../lib/errors'
import { visibleIn, type RequestScope } from '../requests/visibility'

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

/** Names recorded before the current naming rules are listed the way they are served. */
export const fileDto = <T extends { fileName: string; contentType: string; createdAt: Date }>(
  row: T,
) => ({
  ...row,
  fileName: fileNameFor(row.fileName, row.contentType),
  createdAt: row.createdAt.toISOString(),
})

/** One file the scope may see (its request visible to them), with what the rules need; 404 otherwise. */
export async function findFile(db: Db, orgId: string, id: string, scope: RequestScope) {
  const [row] = await db
    .select({
      ...fileColumns,
      storageKey: requestFiles.storageKey,
      requestId: requestFiles.requestId,
      versionId: requestFiles.versionId,
      versionSubmittedAt: requestVersions.submittedAt,
      requestStatus: auditRequests.status,
    })
    .from(requestFiles)
    .innerJoin(requestVersions, eq(requestVersions.id, requestFiles.versionId))
    .innerJoin(auditRequests, eq(auditRequests.id, requestFiles.requestId))
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(and(eq(requestFiles.organizationId, orgId), eq(requestFiles.id, id), visibleIn(scope)))
  if (!row) throw notFound('File')
  return row
}

/** The files of a request's versions, by version id, oldest first. */
export async function filesByVersion(db: Db, requestId: string) {
  const rows = await db
    .select({ ...fileColumns, versionId: requestFiles.versionId })
    .from(requestFiles)
    .where(eq(requestFiles.requestId, requestId))
    .orderBy(asc(requestFiles.createdAt), asc(requestFiles.id))
  const byVersion = new Map<string, RequestFile[]>()
  for (const { versionId, ...row } of rows) {
    const list = byVersion.get(versionId) ?? []
    list.push(fileDto(row))
    byVersion.set(versionId, list)
  }
  return byVersion
}

/** The version being prepared (not submitted yet), if there is one. */
export async function pendingVersion(db: Db, requestId: string) {
  const [row] = await db
    .select({ id: requestVersions.id })
    .from(requestVersions)
    .where(and(eq(requestVersions.requestId, requestId), isNull(requestVersions.submittedAt)))
  return row?.id
}

/** The version being prepared, created (number n+1) when the first file arrives. */
export async function ensurePendingVersion(db: Db, requestId: string, now: Date) {
  const existing = await pendingVersion(db, requestId)
  if (existing) return existing
  const [last] = await db
    .select({ number: max(requestVersions.number) })
    .from(requestVersions)
    .where(eq(requestVersions.requestId, requestId))
  try {
    const [row] = await db
      .insert(requestVersions)
      .values({ requestId, number: (last?.number ?? 0) + 1, createdAt: now, updatedAt: now })
      .returning({ id: requestVersions.id })
    return row!.id
  } catch (error) {
    if (isUniqueViolation(error)) {
      const raced = await pendingVersion(db, requestId)
      if (raced) return raced
    }
    throw error
  }
}

/** Locks the request for the rest of the transaction and returns its status (undefined: gone). */
export async function lockRequest(db: Db, orgId: string, requestId: string) {
  const [row] = await db
    .select({ status: auditRequests.status })
    .from(auditRequests)
    .where(and(eq(auditRequests.organizationId, orgId), eq(auditRequests.id, requestId)))
    .for('update')
  return row?.status
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
  const rows = await db
    .insert(requestFiles)
    // A millisecond apart, so that the files keep the order in which they were sent.
    .values(
      values.map((value, index) => {
        const at = new Date(now.getTime() + index)
        return { ...value, createdAt: at, updatedAt: at }
      }),
    )
    .returning(fileColumns)
  return rows.map(fileDto)
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

/**
 * The storage keys of an audit's files (or of some of its requests), with those requests locked
 * until the transaction ends, so no upload can slip in between this read and the delete.
 */
export async function lockStorageKeys(
  db: Db,
  orgId: string,
  where: { auditId: string } | { requestId: string },
) {
  const requestIds = await db
    .select({ id: auditRequests.id })
    .from(auditRequests)
    .where(
      and(
        eq(auditRequests.organizationId, orgId),
        'auditId' in where
          ? eq(auditRequests.auditId, where.auditId)
          : eq(auditRequests.id, where.requestId),
      ),
    )
    .for('update')
  if (requestIds.length === 0) return []
  const rows = await db
    .select({ key: requestFiles.storageKey })
    .from(requestFiles)
    .where(
      inArray(
        requestFiles.requestId,
        requestIds.map((row) => row.id),
      ),
    )
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

/**
 * Serialises the company's uploads for the rest of the transaction, so that its storage use read
 * next stays true until the insert. NO KEY UPDATE: rows that merely reference the company (their
 * foreign key checks) do not wait for it.
 */
export async function lockCompanyUploads(db: Db, orgId: string) {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update')
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
    const rows = await db
      .select({ key: requestFiles.storageKey })
      .from(requestFiles)
      .where(inArray(requestFiles.storageKey, keys.slice(start, start + 1000)))
    for (const row of rows) found.add(row.key)
  }
  return found
}

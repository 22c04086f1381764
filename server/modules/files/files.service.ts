import type { Multipart } from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import type { RequestStatus } from '@shared/schemas/requests'
import { formatSize, MissingFileError, type StoredFile } from '../../files/storage'
import { fileNameFor, inspectUpload, refusedByName } from '../../files/file-types'
import { safeFileName } from '../../files/names'
import { generatedSetting } from '../../db/settings'
import { AppError } from '../../lib/errors'
import { fullName, recordActivity } from '../activity/activity.repo'
import type { SessionUser } from '../auth/sessions.repo'
import { AWAITING_CLIENT, requestLabel, statusText } from '../requests/request-state'
import { findRequest } from '../requests/requests.repo'
import {
  companyStoredBytes,
  countPendingFiles,
  deletePendingFile,
  ensurePendingVersion,
  findFile,
  insertFiles,
  lockCompanyUploads,
  lockRequest,
  referencedStorageKeys,
} from './files.repo'

/** Files a crash can leave behind are removed once they are this old (no upload takes as long). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
const FILES_OWNER_SETTING = 'files_owner'

/**
 * Removes unfinished uploads and stored files that no row references, once they are a day old.
 * Files of a folder that another database claimed are never judged by this one's rows: only
 * unfinished uploads go there. Run after start-up, in the background: it never delays serving.
 */
export async function removeAbandonedFiles(app: FastifyInstance) {
  const before = new Date(app.clock().getTime() - ABANDONED_AFTER_MS)
  const owned = await app.storage.claim(await generatedSetting(app.db, FILES_OWNER_SETTING))
  if (!owned)
    app.log.warn(
      { event: 'files.other_owner' },
      'the files folder belongs to another database: its unrecorded files are left alone',
    )
  const removed = await app.storage.removeAbandoned(before, (keys) =>
    owned ? referencedStorageKeys(app.db, keys) : Promise.resolve(new Set(keys)),
  )
  if (removed > 0)
    app.log.info({ event: 'files.abandoned_removed', removed }, 'abandoned files removed')
  return removed
}

/**
 * A recorded file's bytes, or null when they are gone from storage: logged as an error with the
 * file's id (someone must restore it from a backup), for the caller to answer without a crash.
 */
export async function openStoredFile(
  app: FastifyInstance,
  file: { id: string; storageKey: string },
) {
  try {
    return await app.storage.open(file.storageKey)
  } catch (error) {
    if (!(error instanceof MissingFileError)) throw error
    app.log.error(
      { event: 'file.missing', fileId: file.id },
      'a recorded file is missing from storage',
    )
    return null
  }
}

const clientOnly = (user: SessionUser) => {
  if (user.role !== 'client' || !user.clientId)
    throw new AppError('FORBIDDEN', 'Only the client’s users attach files to a request')
  return user.clientId
}

const notAwaiting = (status: RequestStatus) =>
  new AppError(
    'CONFLICT',
    `This request is ${statusText(status)}: files can be changed only before it is submitted`,
  )

const tooManyFiles = (max: number) =>
  new AppError('CONFLICT', `A version can hold at most ${max} files: remove some first`)

/** Said to the client's user who uploads: the quota is the firm's, and so is the remedy. */
function storageFull(
  quotaBytes: number,
  usedBytes: number,
  files?: { count: number; bytes: number },
) {
  const full = `This firm’s storage is full (${formatSize(quotaBytes)})`
  if (!files) return new AppError('PAYLOAD_TOO_LARGE', `${full}: ask the firm to make room.`)
  const need = `${files.count === 1 ? 'this file needs' : 'these files need'} ${formatSize(files.bytes)}`
  const left =
    usedBytes < quotaBytes ? `${formatSize(quotaBytes - usedBytes)} is left` : 'nothing is left'
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `${full}: ${need} and ${left}. Ask the firm to make room.`,
  )
}

/** The event's target: the request, then the files' names, cut short past a few. */
function filesTarget(request: { number: number; title: string }, fileNames: string[]) {
  const shown = fileNames.slice(0, 3).join(', ')
  const more = fileNames.length > 3 ? ` and ${fileNames.length - 3} more` : ''
  return `${requestLabel(request)}: ${shown}${more}`
}

/** Multipart's own limits (files, parts, fields) with our wording. */
function translateLimit(error: unknown, maxFiles: number, maxBytes: number) {
  const code = (error as { code?: string }).code
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', `At most ${maxFiles} files at once`)
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', `Files may be at most ${formatSize(maxBytes)}`)
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new AppError('BAD_REQUEST', 'Send only files in this form')
  return error
}

export function filesService(app: FastifyInstance) {
  const { db, clock, storage, log } = app
  const { maxFileBytes, maxFilesPerRequest } = app.config.uploads
  const { quotaBytes } = app.config.storage

  return {
    /**
     * Streams each file to storage (hash, size and type checked on the way), then records them
     * all in one transaction on the version being prepared. The limits are checked early, so that
     * a body that cannot fit is not read, and decided in that transaction, under the request's and
     * the company's locks, so that uploads at the same time cannot pass them together. Any refusal
     * keeps nothing.
     */
    async upload(user: SessionUser, requestId: string, parts: AsyncIterable<Multipart>) {
      const clientId = clientOnly(user)
      const orgId = user.organizationId
      const row = await findRequest(db, orgId, requestId, { clientId })
      if (!AWAITING_CLIENT.includes(row.status)) throw notAwaiting(row.status)
      const used = await companyStoredBytes(db, orgId)
      if (used >= quotaBytes) throw storageFull(quotaBytes, used)
      const room = maxFilesPerRequest - (await countPendingFiles(db, requestId))
      const stored: Array<StoredFile & { fileName: string }> = []
      let bytes = 0
      try {
        for await (const part of parts) {
          if (part.type !== 'file') continue
          const name = safeFileName(part.filename)
          const refusal =
            stored.length >= room ? tooManyFiles(maxFilesPerRequest) : refusedByName(name)
          if (refusal) {
            part.file.resume()
            throw refusal
          }
          const file = await storage.put(part.file, {
            maxBytes: maxFileBytes,
            inspector: inspectUpload(name),
          })
          stored.push({ ...file, fileName: fileNameFor(name, file.contentType) })
          bytes += file.size
          if (used + bytes > quotaBytes)
            throw storageFull(quotaBytes, used, { count: stored.length, bytes })
        }
        if (stored.length === 0)
          throw new AppError('VALIDATION', 'Attach at least one file', [
            { path: 'files', message: 'Attach at least one file' },
          ])
        const now = clock()
        const files = await db.transaction(async (tx) => {
          // The company before the request: removing a user takes them in that order too (the
          // company, then the requests assigned to them), so the two cannot deadlock.
          await lockCompanyUploads(tx, orgId)
          const status = await lockRequest(tx, orgId, requestId)
          if (!status) throw new AppError('NOT_FOUND', 'Request not found')
          if (!AWAITING_CLIENT.includes(status)) throw notAwaiting(status)
          if ((await countPendingFiles(tx, requestId)) + stored.length > maxFilesPerRequest)
            throw tooManyFiles(maxFilesPerRequest)
          const usedNow = await companyStoredBytes(tx, orgId)
          if (usedNow + bytes > quotaBytes)
            throw storageFull(quotaBytes, usedNow, { count: stored.length, bytes })
          const versionId = await ensurePendingVersion(tx, requestId, now)
          const inserted = await insertFiles(
            tx,
            stored.map((file) => ({
              organizationId: orgId,
              requestId,
              versionId,
              storageKey: file.key,
              fileName: file.fileName,
              contentType: file.contentType,
              sizeBytes: file.size,
              sha256: file.sha256,
              uploadedByUserId: user.id,
              uploadedByName: fullName(user),
            })),
            now,
          )
          await recordActivity(
            tx,
            orgId,
            user,
            'request.files_added',
            filesTarget(
              row,
              stored.map((file) => file.fileName),
            ),
            now,
            { requestId },
          )
          return inserted
        })
        log.info({ event: 'request.files_added', requestId, count: files.length }, 'files added')
        return files
      } catch (error) {
        await storage.delete(stored.map((file) => file.key))
        throw translateLimit(error, maxFilesPerRequest, maxFileBytes)
      }
    },

    async download(user: SessionUser, id: string) {
      const scope = user.role === 'admin' ? {} : { clientId: clientOnly(user) }
      const file = await findFile(db, user.organizationId, id, scope)
      const stream = await openStoredFile(app, file)
      if (!stream) throw new AppError('NOT_FOUND', 'This file is no longer available')
      log.info({ event: 'file.downloaded', fileId: id, userId: user.id }, 'file downloaded')
      return { ...file, fileName: fileNameFor(file.fileName, file.contentType), stream }
    },

    /** The uploader only, while the version is being prepared and the request awaits the client. */
    async remove(user: SessionUser, id: string) {
      const clientId = clientOnly(user)
      const orgId = user.organizationId
      const file = await findFile(db, orgId, id, { clientId })
      if (file.uploadedById !== user.id)
        throw new AppError('FORBIDDEN', 'Only the person who uploaded a file can remove it')
      if (file.versionSubmittedAt !== null || !AWAITING_CLIENT.includes(file.requestStatus))
        throw new AppError('CONFLICT', 'This file was submitted: it can no longer be removed')
      const request = await findRequest(db, orgId, file.requestId, { clientId })
      const key = await db.transaction(async (tx) => {
        const status = await lockRequest(tx, orgId, file.requestId)
        if (!status) throw new AppError('NOT_FOUND', 'Request not found')
        if (!AWAITING_CLIENT.includes(status)) throw notAwaiting(status)
        const deleted = await deletePendingFile(tx, orgId, id)
        if (deleted)
          await recordActivity(
            tx,
            orgId,
            user,
            'request.file_removed',
            filesTarget(request, [file.fileName]),
            clock(),
            { requestId: file.requestId },
          )
        return deleted
      })
      if (!key)
        throw new AppError('CONFLICT', 'This file was submitted: it can no longer be removed')
      await storage.delete([key])
    },
  }
}

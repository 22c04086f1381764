import type { Multipart } from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { formatSize } from '@shared/format'
import { requestLabel } from '@shared/request-rules'
import { uploadRefusals } from '@shared/uploads'
import { authorize } from '../../access/can'
import type { Principal } from '../../access/principal'
import { generatedSetting } from '../../db/settings'
import {
  fileNameFor,
  inspectUpload,
  previewContentType,
  refusedByName,
} from '../../files/file-types'
import { safeFileName } from '../../files/names'
import { MissingFileError, type StoredFile } from '../../files/storage'
import { AppError, fieldError, notFound } from '../../lib/errors'
import { emit, requestFacts, type RequestEvent } from '../events/domain-events'
import { lockOrganization } from '../organization/organization.repo'
import { toFileDto } from '../requests/request-dto'
import { findRequest, lockRequests } from '../requests/requests.repo'
import { ensurePendingVersion } from '../requests/versions.repo'
import { queueFileText } from '../search/file-text'
import {
  companyStoredBytes,
  countPendingFiles,
  deletePendingFile,
  findFile,
  insertFiles,
  referencedStorageKeys,
} from './files.repo'
import { uploadError } from './upload-parts'

/**
 * How old an unrecorded file must be before it counts as left by a crash. An upload's first file is
 * stored (its time on disk, or an S3 multipart upload's start) while the rest of the body may still
 * be arriving, for up to UPLOAD_TIMEOUT_SECONDS, and is recorded only after the last one: younger
 * files may belong to an upload in flight. The hour beyond covers recording it, and clocks of
 * instances and of the S3 server that disagree by minutes.
 */
export const abandonedAfterMs = (app: FastifyInstance) =>
  app.config.timeouts.uploadMs + 60 * 60 * 1000
const FILES_OWNER_SETTING = 'files_owner'

/**
 * Removes unfinished uploads and stored files that no row references, once older than
 * abandonedAfterMs. Files of a folder that another database claimed are never judged by this one's
 * rows: only unfinished uploads go there. Part of the maintenance job (maintenance.ts).
 */
export async function removeAbandonedFiles(app: FastifyInstance) {
  const before = new Date(app.clock().getTime() - abandonedAfterMs(app))
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

const NO_PREVIEW = 'This file type cannot be previewed; download it instead.'

const tooManyFiles = (max: number) => new AppError('CONFLICT', uploadRefusals.tooManyFiles(max))

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

export function filesService(app: FastifyInstance) {
  const { db, clock, storage, log } = app
  const { maxFileBytes, maxFilesPerRequest } = app.config.uploads
  const { quotaBytes } = app.config.storage

  /** The request's status under its row lock (the transaction holds it); 404 when it is gone. */
  async function lockedStatus(tx: typeof db, orgId: string, requestId: string) {
    const [locked] = await lockRequests(tx, orgId, { requestId })
    if (!locked) throw notFound('Request')
    return locked
  }

  /**
   * A file's bytes for whoever may see its request (the audience rule, in `findFile`): the one
   * reading of a file, for downloads and previews alike. A preview is served under the type
   * `previewContentType` gives, and refused (before the stored file is opened) for the others.
   */
  async function readFile(principal: Principal, id: string, purpose: 'download' | 'preview') {
    const file = await findFile(db, principal.organizationId, id, principal)
    const contentType =
      purpose === 'download' ? file.contentType : previewContentType(file.contentType)
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NO_PREVIEW)
    const stream = await openStoredFile(app, file)
    if (!stream) throw new AppError('NOT_FOUND', 'This file is no longer available')
    const [event, message] =
      purpose === 'download'
        ? ['file.downloaded', 'file downloaded']
        : ['file.previewed', 'file previewed']
    log.info({ event, fileId: id, userId: principal.userId }, message)
    return { ...file, fileName: fileNameFor(file.fileName, file.contentType), contentType, stream }
  }

  return {
    /**
     * Streams each file to storage (hash, size and type checked on the way), then records them
     * all in one transaction on the version being prepared. The limits are checked early, so that
     * a body that cannot fit is not read, and decided in that transaction, under the request's and
     * the company's locks, so that uploads at the same time cannot pass them together. Any refusal
     * keeps nothing.
     */
    async upload(principal: Principal, requestId: string, parts: AsyncIterable<Multipart>) {
      const orgId = principal.organizationId
      const row = await findRequest(db, orgId, requestId, principal)
      authorize(principal, 'request.upload', row)
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
        if (stored.length === 0) throw fieldError('files', 'Attach at least one file')
        const now = clock()
        const files = await db.transaction(async (tx) => {
          // The company before the request: removing a user takes them in that order too (the
          // company, then the requests assigned to them), so the two cannot deadlock.
          await lockOrganization(tx, orgId, 'no key update')
          authorize(principal, 'request.upload', await lockedStatus(tx, orgId, requestId))
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
              uploadedByUserId: principal.userId,
              uploadedByName: principal.name,
            })),
            now,
          )
          const event: RequestEvent = {
            type: 'request.files_added',
            request: requestFacts(row),
            target: filesTarget(
              row,
              stored.map((file) => file.fileName),
            ),
          }
          await emit(app, tx, principal, [event], now)
          await queueFileText(
            app,
            tx,
            inserted.map((file) => file.id),
          )
          return inserted
        })
        log.info({ event: 'request.files_added', requestId, count: files.length }, 'files added')
        return files.map(({ versionId: _versionId, ...file }) =>
          toFileDto(file, principal, {
            versionSubmitted: false,
            requestStatus: row.status,
            auditStatus: row.auditStatus,
          }),
        )
      } catch (error) {
        await storage.delete(stored.map((file) => file.key))
        throw uploadError(error, { maxFiles: maxFilesPerRequest, maxBytes: maxFileBytes })
      }
    },

    download: (principal: Principal, id: string) => readFile(principal, id, 'download'),

    /** The file for the page to show, to the same readers as a download: 415 for other types. */
    preview: (principal: Principal, id: string) => readFile(principal, id, 'preview'),

    /** The uploader only, while the version is being prepared and the request awaits the client. */
    async remove(principal: Principal, id: string) {
      const orgId = principal.organizationId
      const file = await findFile(db, orgId, id, principal)
      authorize(principal, 'file.remove', {
        uploadedById: file.uploadedById,
        versionSubmitted: file.versionSubmittedAt !== null,
        requestStatus: file.requestStatus,
        auditStatus: file.auditStatus,
      })
      const request = await findRequest(db, orgId, file.requestId, principal)
      const key = await db.transaction(async (tx) => {
        authorize(principal, 'request.upload', await lockedStatus(tx, orgId, file.requestId))
        const deleted = await deletePendingFile(tx, orgId, id)
        if (deleted) {
          const event: RequestEvent = {
            type: 'request.file_removed',
            request: requestFacts(request),
            target: filesTarget(request, [file.fileName]),
          }
          await emit(app, tx, principal, [event], clock())
        }
        return deleted
      })
      if (!key)
        throw new AppError('CONFLICT', 'This file was submitted: it can no longer be removed')
      await storage.delete([key])
    },
  }
}

import type { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { FILE_TYPES } from '@shared/content-types'
import { fullName } from '@shared/format'
import {
  PREPARED_FILE_HOURS,
  PREPARED_FILE_LABELS,
  type PreparedFile,
  type PrepareFileInput,
} from '@shared/schemas/prepared-files'
import { portfolioFileQuery } from '@shared/schemas/reports'
import { clientScope } from '../../access/audience'
import { can } from '../../access/can'
import type { Principal } from '../../access/principal'
import { iso } from '../../lib/dto'
import { AppError, notFound } from '../../lib/errors'
import { getAudit } from '../audits/audits.repo'
import { exportsService } from '../exports/exports.service'
import { deliverNotices } from '../notifications/notify'
import { portfolioService } from '../reports/portfolio.service'
import { reportsService } from '../reports/reports.service'
import {
  askerOf,
  deleteExpired,
  findPreparedFile,
  insertPreparedFile,
  markFailed,
  markReady,
  pendingCountHeld,
  pendingPreparedFile,
  type PreparedFileRow,
} from './prepared-files.repo'

export const PREPARE_FILE_QUEUE = 'prepare-file'

/** Files one user may have waiting to be made at once. */
const MAX_PENDING_PER_USER = 5

const HOUR_MS = 60 * 60 * 1000

/** Tries of a file's job after the first. */
const PREPARE_RETRIES = 2

const CONTENT_TYPES = {
  'audit.xlsx': FILE_TYPES.xlsx,
  'audit.csv': FILE_TYPES.csv,
  'audit.zip': FILE_TYPES.zip,
  'audit.pdf': FILE_TYPES.pdf,
  'portfolio.xlsx': FILE_TYPES.xlsx,
  'portfolio.csv': FILE_TYPES.csv,
} as const

/** Our own files are stored as made: nothing to refuse in them. */
const ownFile = (contentType: string) => ({ update() {}, finish: () => contentType })

/** Where the file was asked from: where a failure sends its asker. */
const askedFrom = (row: PreparedFileRow) =>
  row.input.auditId ? `/audits/${row.input.auditId}` : '/audits'

export function toPreparedFileDto(row: PreparedFileRow, now: Date): PreparedFile {
  const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now
  return {
    id: row.id,
    kind: row.kind,
    status: expired ? 'expired' : row.status,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    createdAt: iso(row.createdAt),
    readyAt: row.readyAt && row.status === 'ready' ? iso(row.readyAt) : null,
    expiresAt: row.expiresAt ? iso(row.expiresAt) : null,
    error: row.error,
    url: `/api/prepared-files/${row.id}/download`,
  }
}

/**
 * Files made in the background for whoever asked (decision 037): checked against what the asker
 * may see when asked and again when made (as they are then), made by the same code as the
 * downloads, stored, announced in the asker's notifications, and downloadable by them alone for
 * PREPARED_FILE_HOURS.
 */
export function preparedFilesService(app: FastifyInstance) {
  const { db, clock, storage, log } = app
  const exports = exportsService(app)
  const reports = reportsService(app)
  const portfolio = portfolioService(app)

  /** 403 or 404 when the principal may not have this file now. */
  async function assertMayHave(principal: Principal, input: PrepareFileInput) {
    const firmOnly = input.kind !== 'audit.pdf'
    if (firmOnly && !can(principal, 'engagements.manage'))
      throw new AppError('FORBIDDEN', 'Only the firm’s people can prepare this file')
    if (input.auditId)
      await getAudit(db, principal.organizationId, input.auditId, clientScope(principal))
  }

  /** The file, made as the downloads make it (each in the firm's heavy-work turn). */
  function make(principal: Principal, input: PrepareFileInput) {
    const auditId = input.auditId!
    const filter = () => portfolioFileQuery.parse(input.filter ?? {})
    switch (input.kind) {
      case 'audit.xlsx':
        return exports.xlsx(principal, auditId)
      case 'audit.csv':
        return exports.csv(principal, auditId)
      case 'audit.zip':
        return exports.zip(principal, auditId)
      case 'audit.pdf':
        return reports.auditPdf(principal, auditId)
      case 'portfolio.xlsx':
        return portfolio.xlsx(principal, filter())
      case 'portfolio.csv':
        return portfolio.csv(principal, filter())
    }
  }

  async function store(contentType: string, stream: Readable) {
    // Bounded by what it is made of (the company's quota holds its stored files).
    return storage.put(stream, {
      maxBytes: Number.MAX_SAFE_INTEGER,
      inspector: ownFile(contentType),
    })
  }

  async function failed(row: PreparedFileRow, reason: string) {
    const now = clock()
    await db.transaction(async (tx) => {
      if (!(await markFailed(tx, row.id, reason, now))) return
      await deliverNotices(
        app,
        tx,
        row.organizationId,
        [
          {
            userId: row.userId,
            kind: 'file_ready',
            title: `${PREPARED_FILE_LABELS[row.kind]} could not be prepared`,
            body: reason,
            url: askedFrom(row),
          },
        ],
        now,
      )
    })
  }

  async function makeAndStore(row: PreparedFileRow, principal: Principal) {
    const id = row.id
    const label = PREPARED_FILE_LABELS[row.kind]
    const made = await make(principal, row.input)
    const contentType = CONTENT_TYPES[row.kind]
    const stored = await store(contentType, made.stream)
    const now = clock()
    const recorded = await db.transaction(async (tx) => {
      const ready = await markReady(tx, id, {
        fileName: made.fileName,
        contentType,
        storageKey: stored.key,
        sizeBytes: stored.size,
        readyAt: now,
        expiresAt: new Date(now.getTime() + PREPARED_FILE_HOURS * HOUR_MS),
      })
      if (ready)
        await deliverNotices(
          app,
          tx,
          row.organizationId,
          [
            {
              userId: row.userId,
              kind: 'file_ready',
              title: `${label} is ready: ${made.fileName}`,
              body: `You can download it for ${PREPARED_FILE_HOURS} hours.`,
              url: `/api/prepared-files/${id}/download`,
            },
          ],
          now,
        )
      return ready
    })
    // Another try made it first: this copy is nobody's.
    if (!recorded) await storage.delete([stored.key])
    else
      log.info(
        { event: 'prepared_file.ready', id, kind: row.kind, bytes: stored.size },
        'file prepared',
      )
  }

  return {
    async prepare(principal: Principal, input: PrepareFileInput) {
      await assertMayHave(principal, input)
      const now = clock()
      const row = await db.transaction(async (tx) => {
        if ((await pendingCountHeld(tx, principal.userId)) >= MAX_PENDING_PER_USER)
          throw new AppError(
            'RATE_LIMITED',
            `You already have ${MAX_PENDING_PER_USER} files being prepared. Please wait until one of them is ready.`,
            undefined,
            { 'Retry-After': '30' },
          )
        const inserted = await insertPreparedFile(tx, {
          organizationId: principal.organizationId,
          userId: principal.userId,
          kind: input.kind,
          input,
          createdAt: now,
        })
        await app.jobs.enqueue(tx, PREPARE_FILE_QUEUE, { id: inserted.id })
        return inserted
      })
      log.info(
        { event: 'prepared_file.asked', id: row.id, kind: input.kind, userId: principal.userId },
        'file asked to be prepared',
      )
      return toPreparedFileDto(row, now)
    },

    async get(principal: Principal, id: string) {
      const row = await findPreparedFile(db, principal.organizationId, principal.userId, id)
      if (!row) throw notFound('File')
      return toPreparedFileDto(row, clock())
    },

    async download(principal: Principal, id: string) {
      const row = await findPreparedFile(db, principal.organizationId, principal.userId, id)
      if (!row) throw notFound('File')
      const file = toPreparedFileDto(row, clock())
      if (file.status === 'pending')
        throw new AppError('CONFLICT', 'This file is still being prepared: you will be notified')
      if (file.status === 'failed')
        throw new AppError('CONFLICT', `This file could not be prepared: ${row.error}`)
      if (file.status === 'expired')
        throw new AppError(
          'GONE',
          `Prepared files can be downloaded for ${PREPARED_FILE_HOURS} hours: ask for it again`,
        )
      return {
        contentType: row.contentType!,
        fileName: row.fileName!,
        stream: await storage.open(row.storageKey!),
      }
    },

    /**
     * The job: makes the file as its asker, stores it and tells them. A refusal (they may no
     * longer have it, it is gone) is recorded and told at once; any other failure is tried again,
     * and recorded and told on the `lastTry`.
     */
    async build(id: string, { lastTry }: { lastTry: boolean }) {
      const row = await pendingPreparedFile(db, id)
      if (!row) return
      const asker = await askerOf(db, row.organizationId, row.userId)
      if (!asker) return markFailed(db, id, 'The asker is no longer a user here', clock())
      const principal: Principal = { ...asker, name: fullName(asker) }
      try {
        await assertMayHave(principal, row.input)
        await makeAndStore(row, principal)
      } catch (error) {
        const refused = error instanceof AppError && error.statusCode < 500
        if (!refused && !lastTry) throw error
        const reason = refused ? error.message : 'Something went wrong while making it'
        log.warn({ event: 'prepared_file.failed', id, err: error }, 'file not prepared')
        await failed(row, reason)
      }
    },

    /** Part of maintenance: the files past their day go, rows and bytes. */
    async removeExpired() {
      const now = clock()
      const dayAgo = new Date(now.getTime() - PREPARED_FILE_HOURS * HOUR_MS)
      const keys = await deleteExpired(db, now, dayAgo)
      if (keys.length > 0) await storage.delete(keys)
      return keys.length
    },
  }
}

export function definePrepareFileJob(app: FastifyInstance) {
  const prepared = preparedFilesService(app)
  app.jobs.define<{ id: string }>(
    PREPARE_FILE_QUEUE,
    { retryLimit: PREPARE_RETRIES, retryDelaySeconds: 30 },
    async ({ id }, { retryCount }) => {
      await prepared.build(id, { lastTry: retryCount >= PREPARE_RETRIES })
    },
  )
}

import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { MissingFileError } from '../../files/storage'
import { filesWaitingForText, findFileWaitingForText, recordFileText } from '../files/files.repo'
import { EXTRACTABLE_MAX_BYTES, extractable, extractText } from './extract-text'

/**
 * The words inside uploaded files, for search (decision 050): each file is read once by a job,
 * queued with its upload; what cannot be read is marked (`failed`, with why) and never tried again.
 */
export const FILE_TEXT_QUEUE = 'file-text'
/** Tries after the first when the storage does not answer; then the file is marked unreadable. */
const FILE_TEXT_RETRIES = 3
/** A file still waiting this long after its upload lost its job (or predates search): queued again. */
const LOST_AFTER_MS = 15 * 60 * 1000
/** Files queued again per maintenance run. */
const REQUEUED_PER_RUN = 500

/** Queues the reading of the files' text, in the transaction that records them. */
export async function queueFileText(app: FastifyInstance, tx: Db, fileIds: string[]) {
  // A file read already makes a second job of it do nothing.
  for (const fileId of fileIds) await app.jobs.enqueue(tx, FILE_TEXT_QUEUE, { fileId })
}

async function readStored(app: FastifyInstance, key: string) {
  const chunks: Buffer[] = []
  for await (const chunk of await app.storage.open(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Reads one file's text, if it still waits for it, and records the outcome. */
async function readFileText(app: FastifyInstance, fileId: string, lastTry: boolean) {
  const file = await findFileWaitingForText(app.db, fileId)
  if (!file) return
  if (!extractable(file.contentType)) {
    await recordFileText(app.db, file.id, { status: 'unsupported' })
    return
  }
  if (file.sizeBytes > EXTRACTABLE_MAX_BYTES) {
    await recordFileText(app.db, file.id, { status: 'failed', reason: 'too_large' })
    return
  }
  let bytes: Buffer
  try {
    bytes = await readStored(app, file.storageKey)
  } catch (error) {
    // Gone from the storage: nothing to read, ever. Otherwise the storage may answer later.
    const missing = error instanceof MissingFileError
    if (!missing && !lastTry) throw error
    await recordFileText(app.db, file.id, { status: 'failed', reason: 'unreadable' })
    app.log.warn(
      { event: 'file.text_unreadable', fileId, ...(missing ? { missing: true } : { err: error }) },
      missing ? 'file text not read: the stored file is missing' : 'file text not read: storage',
    )
    return
  }
  const started = performance.now()
  const outcome = await extractText(bytes, file.contentType)
  await recordFileText(app.db, file.id, outcome)
  app.log.info(
    {
      event: 'file.text_read',
      fileId,
      status: outcome.status,
      ...(outcome.status === 'failed' ? { reason: outcome.reason } : {}),
      ms: Math.round(performance.now() - started),
    },
    'file text read',
  )
}

export function defineFileTextJob(app: FastifyInstance) {
  app.jobs.define<{ fileId: string }>(
    FILE_TEXT_QUEUE,
    { retryLimit: FILE_TEXT_RETRIES, retryDelaySeconds: 30, retryBackoff: true },
    async ({ fileId }, { retryCount }) =>
      readFileText(app, fileId, retryCount >= FILE_TEXT_RETRIES),
  )
}

/** Maintenance: queues again the files whose text is still unread long after their upload. */
export async function requeueWaitingFiles(app: FastifyInstance) {
  const before = new Date(app.clock().getTime() - LOST_AFTER_MS)
  const files = await filesWaitingForText(app.db, before, REQUEUED_PER_RUN)
  await queueFileText(
    app,
    app.db,
    files.map((file) => file.id),
  )
  return files.length
}

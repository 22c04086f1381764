import type { ErrorCode, FieldError } from '@shared/errors'
import { AppError } from '../../lib/errors'
import { workerThread } from '../../lib/worker-thread'
import type { SheetRows } from './read-sheet'

/**
 * Workbooks and CSV files are read in a worker thread (lib/worker-thread.ts, decision 054):
 * ExcelJS parses on the thread that calls it, and a workbook of 5,000 rows held the event loop
 * that serves every firm for 56–79 ms at a stretch (28–32 ms for 400 rows).
 */

/** A file to read, and the sheet asked for (else the one naming the most fields). */
export interface SheetJob {
  bytes: Uint8Array
  fileName: string
  sheet?: string
}

/** The file's visible sheets, the one chosen and its rows; or why it cannot be read. */
export type SheetReply =
  | { sheets: string[]; sheet: string; rows: SheetRows }
  | { refused: { code: ErrorCode; message: string; errors?: FieldError[] } }
  | { unexpected: string }

const READ_TIMEOUT_MS = 60_000
const WORKER_HEAP_MB = 1024

const thread = workerThread<SheetJob, SheetReply>(
  { source: new URL('./sheet-worker.ts', import.meta.url), bundled: 'sheet-worker' },
  { heapMb: WORKER_HEAP_MB, jobsPerThread: 100 },
)

/** The sheet to import of a file (readSheetFile and chosenSheet, in the thread). */
export async function readSheetInThread(
  data: Buffer,
  fileName: string,
  sheet?: string,
  { timeoutMs = READ_TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  // A copy of its own, moved to the thread: a Buffer may be a view on a larger memory.
  const bytes = new Uint8Array(data)
  const job: SheetJob = { bytes, fileName, ...(sheet === undefined ? {} : { sheet }) }
  const result = await thread.run(job, [bytes.buffer], timeoutMs)
  if ('failed' in result)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'This file takes too long or too much memory to read: keep only the sheet of requests and import that',
    )
  const { reply } = result
  if ('refused' in reply)
    throw new AppError(reply.refused.code, reply.refused.message, reply.refused.errors)
  if ('unexpected' in reply) throw new Error(`Reading the sheet failed: ${reply.unexpected}`)
  return reply
}

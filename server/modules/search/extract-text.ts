import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { workerThread } from '../../lib/worker-thread'
import type { TextKind, WorkerJob, WorkerReply } from './extract/readers'

/**
 * The searchable text of an uploaded file (PDF, DOCX, XLSX, CSV, plain text), read in a worker
 * thread with a heap limit and a deadline: a hostile file (a zip bomb, a PDF of 100,000 pages)
 * costs the server neither its event loop nor unbounded memory or time (lib/worker-thread.ts).
 */

/** Text beyond is cut (the extraction still succeeds). */
export const EXTRACTED_TEXT_MAX_CHARS = 200_000
/** Larger files are not read: 'too_large'. */
export const EXTRACTABLE_MAX_BYTES = 50 * 1024 * 1024
export const EXTRACTION_TIMEOUT_MS = 30_000

const WORKER_HEAP_MB = 512

export type Extraction =
  /** Trimmed, whitespace runs collapsed, NUL and U+E000/U+E001 removed, at most maxChars. */
  | { status: 'done'; text: string }
  /** A content type that is not read (images, archives, ...). */
  | { status: 'unsupported' }
  | { status: 'failed'; reason: 'unreadable' | 'too_large' | 'timeout' }

const KINDS: Record<string, TextKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'text/plain': 'txt',
}

export function extractable(contentType: string): boolean {
  return kindOf(contentType) !== undefined
}

export async function extractText(
  bytes: Buffer,
  contentType: string,
  options: { timeoutMs?: number; maxChars?: number; maxBytes?: number } = {},
): Promise<Extraction> {
  const kind = kindOf(contentType)
  if (!kind) return { status: 'unsupported' }
  if (bytes.length > (options.maxBytes ?? EXTRACTABLE_MAX_BYTES))
    return { status: 'failed', reason: 'too_large' }
  // A copy of its own, moved to the thread: a Buffer may be a view on a larger memory.
  const copy = new Uint8Array(bytes)
  const tmpDir = await mkdtemp(join(tmpdir(), 'extract-text-'))
  const job: WorkerJob = {
    bytes: copy,
    kind,
    maxChars: options.maxChars ?? EXTRACTED_TEXT_MAX_CHARS,
    tmpDir,
  }
  try {
    const result = await thread.run(job, [copy.buffer], options.timeoutMs ?? EXTRACTION_TIMEOUT_MS)
    if ('reply' in result) return result.reply
    return { status: 'failed', reason: result.failed === 'timeout' ? 'timeout' : 'unreadable' }
  } finally {
    await rm(tmpDir, { recursive: true, force: true })
  }
}

/** The thread, started at the first file and kept (loading pdfjs costs more than most files). */
const thread = workerThread<WorkerJob, WorkerReply>(
  {
    source: new URL('./extract/worker.ts', import.meta.url),
    bundled: 'extract-worker',
    preload: ['pdfjs-dist/legacy/build/pdf.mjs'],
  },
  { heapMb: WORKER_HEAP_MB, jobsPerThread: 200 },
)

function kindOf(contentType: string): TextKind | undefined {
  return KINDS[contentType.split(';')[0]!.trim().toLowerCase()]
}

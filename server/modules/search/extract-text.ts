import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import type { TextKind, WorkerJob, WorkerReply } from './extract/readers'

/**
 * The searchable text of an uploaded file (PDF, DOCX, XLSX, CSV, plain text), read in a worker
 * thread with a heap limit and a deadline: a hostile file (a zip bomb, a PDF of 100,000 pages)
 * costs the server neither its event loop nor unbounded memory or time. One thread per process,
 * one file at a time; a file that times out or breaks it ends it, and the next starts a new one.
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
  const run = turn.then(() =>
    readInThread(bytes, kind, options.maxChars ?? EXTRACTED_TEXT_MAX_CHARS, options.timeoutMs),
  )
  turn = run.then(
    () => undefined,
    () => undefined,
  )
  return run
}

/** One file at a time in the thread: each waits for the one before. */
let turn: Promise<void> = Promise.resolve()
/** The thread, started at the first file and kept (loading pdfjs costs more than most files). */
let thread: { worker: Worker; jobs: number } | undefined
let lastJobId = 0
/** A thread is replaced after this many files, so that what the libraries keep cannot pile up. */
const JOBS_PER_THREAD = 200

async function readInThread(
  bytes: Buffer,
  kind: TextKind,
  maxChars: number,
  timeoutMs = EXTRACTION_TIMEOUT_MS,
): Promise<Extraction> {
  if (!thread || thread.jobs >= JOBS_PER_THREAD) {
    await stopThread()
    const worker = startWorker({ resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    // The thread never keeps the process alive on its own.
    worker.unref()
    thread = { worker, jobs: 0 }
  }
  const { worker } = thread
  thread.jobs += 1
  // A copy of its own, moved to the thread: a Buffer may be a view on a larger memory.
  const copy = new Uint8Array(bytes)
  const tmpDir = await mkdtemp(join(tmpdir(), 'extract-text-'))
  const id = ++lastJobId
  const job: WorkerJob = { id, bytes: copy, kind, maxChars, tmpDir }
  try {
    const { extraction, healthy } = await new Promise<{
      extraction: Extraction
      healthy: boolean
    }>((resolve) => {
      const settle = (extraction: Extraction, healthy: boolean) => {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('error', onFailure)
        worker.off('exit', onFailure)
        resolve({ extraction, healthy })
      }
      const timer = setTimeout(
        () => settle({ status: 'failed', reason: 'timeout' }, false),
        timeoutMs,
      )
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return
        const { id: _id, ...extraction } = reply
        settle(extraction, true)
      }
      // A crash, running out of heap, or an exit without a reply.
      const onFailure = () => settle({ status: 'failed', reason: 'unreadable' }, false)
      worker.on('message', onMessage)
      worker.once('error', onFailure)
      worker.once('exit', onFailure)
      worker.postMessage(job, [copy.buffer])
    })
    // A thread that timed out or failed is not trusted with the next file.
    if (!healthy) await stopThread()
    return extraction
  } finally {
    await rm(tmpDir, { recursive: true, force: true })
  }
}

async function stopThread() {
  const stopping = thread
  thread = undefined
  await stopping?.worker.terminate()
}

function kindOf(contentType: string): TextKind | undefined {
  return KINDS[contentType.split(';')[0]!.trim().toLowerCase()]
}

/**
 * From source (tsx, vitest) the worker is ./extract/worker.ts, run once tsx's hooks are registered
 * in the worker (on Node 20, neither `--import tsx` in its execArgv nor tsx's loader does that in a
 * worker thread). In the bundle it is dist/server/extract-worker.js (an entry point of
 * scripts/build-server.mjs), beside main.js, and this code is in main.js or in one of its chunks
 * (dist/server/chunks/).
 */
function startWorker(options: WorkerOptions) {
  const here = import.meta.url
  if (here.endsWith('.ts')) {
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
    const source = JSON.stringify(new URL('./extract/worker.ts', here).href)
    // pdfjs loaded before tsx's hooks: through them it took 2.5 s instead of 0.7.
    const pdfjs = JSON.stringify(import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))
    const code = `import(${pdfjs}).then(() => import(${tsx})).then((tsx) => { tsx.register(); return import(${source}) })`
    return new Worker(code, { ...options, eval: true })
  }
  const inChunk = basename(dirname(fileURLToPath(here))) === 'chunks'
  return new Worker(
    new URL(inChunk ? '../extract-worker.js' : './extract-worker.js', here),
    options,
  )
}

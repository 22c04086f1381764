import { basename, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parentPort, Worker, type Transferable } from 'node:worker_threads'

/**
 * Work that would hold the event loop every firm's requests share (reading an uploaded file's
 * text, a workbook), done in a worker thread with a heap limit and a deadline: a hostile file costs
 * the server neither its event loop nor unbounded memory or time. One thread per kind of work and
 * process, kept between jobs (loading the libraries costs more than most jobs), one job at a time;
 * a job that times out or breaks the thread ends it, and the next job starts a new one.
 */

/** Where a worker's code is, from source (tsx, vitest) and in the bundle. */
export interface ThreadEntry {
  /** The module run in the thread, from source: `new URL('./worker.ts', import.meta.url)`. */
  source: URL
  /** Its entry point's name in dist/server (scripts/build-server.mjs), without `.js`. */
  bundled: string
  /** Packages loaded before tsx's hooks from source (loaded through them, pdfjs took 2.5 s, not 0.7). */
  preload?: string[]
}

export interface ThreadOptions {
  heapMb: number
  /** A thread is replaced after this many jobs, so that what the libraries keep cannot pile up. */
  jobsPerThread: number
}

export type ThreadResult<Reply> = { reply: Reply } | { failed: 'timeout' | 'crashed' }

export interface WorkerThread<Job, Reply> {
  /** `job` in the thread (waiting for the jobs before it); `transfer` is moved, not copied. */
  run(job: Job, transfer: Transferable[], timeoutMs: number): Promise<ThreadResult<Reply>>
  stop(): Promise<void>
}

interface Envelope<T> {
  id: number
  body: T
}

export function workerThread<Job, Reply>(
  entry: ThreadEntry,
  options: ThreadOptions,
): WorkerThread<Job, Reply> {
  /** One job at a time in the thread: each waits for the one before. */
  let turn: Promise<unknown> = Promise.resolve()
  let thread: { worker: Worker; jobs: number } | undefined
  let lastId = 0

  async function stop() {
    const stopping = thread
    thread = undefined
    await stopping?.worker.terminate()
  }

  async function runNow(job: Job, transfer: Transferable[], timeoutMs: number) {
    if (!thread || thread.jobs >= options.jobsPerThread) {
      await stop()
      const worker = startWorker(entry, options.heapMb)
      // The thread never keeps the process alive on its own.
      worker.unref()
      thread = { worker, jobs: 0 }
    }
    const { worker } = thread
    thread.jobs += 1
    const id = ++lastId
    const result = await new Promise<ThreadResult<Reply>>((resolve) => {
      const settle = (result: ThreadResult<Reply>) => {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('error', onFailure)
        worker.off('exit', onFailure)
        resolve(result)
      }
      const timer = setTimeout(() => settle({ failed: 'timeout' }), timeoutMs)
      const onMessage = (reply: Envelope<Reply>) => {
        if (reply.id === id) settle({ reply: reply.body })
      }
      // A crash, running out of heap, or an exit without a reply.
      const onFailure = () => settle({ failed: 'crashed' })
      worker.on('message', onMessage)
      worker.once('error', onFailure)
      worker.once('exit', onFailure)
      worker.postMessage({ id, body: job } satisfies Envelope<Job>, transfer)
    })
    // A thread that timed out or failed is not trusted with the next job.
    if ('failed' in result) await stop()
    return result
  }

  return {
    run(job, transfer, timeoutMs) {
      const run = turn.then(() => runNow(job, transfer, timeoutMs))
      turn = run.catch(() => undefined)
      return run
    },
    stop,
  }
}

/** In the worker's module: answers each job the thread is sent with `handle`'s reply. */
export function serveJobs<Job, Reply>(handle: (job: Job) => Promise<Reply>) {
  parentPort!.on('message', async ({ id, body }: Envelope<Job>) => {
    parentPort!.postMessage({ id, body: await handle(body) } satisfies Envelope<Reply>)
  })
}

/**
 * From source the worker's module is run once tsx's hooks are registered in the thread (on Node
 * 20, neither `--import tsx` in its execArgv nor tsx's loader does that in a worker thread). In the
 * bundle it is dist/server/<bundled>.js, beside main.js; this code is in main.js or in one of its
 * chunks (dist/server/chunks/).
 */
function startWorker(entry: ThreadEntry, heapMb: number) {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } }
  const here = import.meta.url
  if (here.endsWith('.ts')) {
    const load = (specifier: string) => `import(${JSON.stringify(specifier)})`
    const steps = [
      ...(entry.preload ?? []).map((name) => load(import.meta.resolve(name))),
      `${load(import.meta.resolve('tsx/esm/api'))}.then((tsx) => tsx.register())`,
      load(entry.source.href),
    ]
    const code = steps.reduce((chain, step) => `${chain}.then(() => ${step})`, 'Promise.resolve()')
    return new Worker(code, { ...options, eval: true })
  }
  const inChunk = basename(dirname(fileURLToPath(here))) === 'chunks'
  return new Worker(new URL(`${inChunk ? '../' : './'}${entry.bundled}.js`, here), options)
}

import { serveJobs } from '../../../lib/worker-thread'
import { readers, TooLargeError, type WorkerJob, type WorkerReply } from './readers'

// The extraction thread (started by ../extract-text.ts): reads the files it is sent, one at a
// time, and answers each. Temporary files of a job go in the folder the job names.
serveJobs<WorkerJob, WorkerReply>(async ({ bytes, kind, maxChars, tmpDir }) => {
  process.env.TMPDIR = tmpDir
  try {
    return { status: 'done', text: await readers[kind](bytes, maxChars) }
  } catch (error) {
    return { status: 'failed', reason: error instanceof TooLargeError ? 'too_large' : 'unreadable' }
  }
})

import { parentPort } from 'node:worker_threads'
import { readers, TooLargeError, type WorkerJob, type WorkerReply } from './readers'

// The extraction thread (started by ../extract-text.ts): reads the files it is sent, one at a
// time, and answers each. Temporary files of a job go in the folder the job names.
parentPort!.on('message', async ({ id, bytes, kind, maxChars, tmpDir }: WorkerJob) => {
  process.env.TMPDIR = tmpDir
  let reply: WorkerReply
  try {
    reply = { id, status: 'done', text: await readers[kind](bytes, maxChars) }
  } catch (error) {
    reply = {
      id,
      status: 'failed',
      reason: error instanceof TooLargeError ? 'too_large' : 'unreadable',
    }
  }
  parentPort!.postMessage(reply)
})

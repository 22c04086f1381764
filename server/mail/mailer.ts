import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import type { JobQueue } from '../jobs/queue'
import { writeWholeFile } from '../lib/whole-file'
import { beginHandover, markSent } from './deliveries.repo'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The action link, printed to the log when no SMTP server is configured. */
  link?: string
  /** Extra headers (List-Unsubscribe on reminders and digests). */
  headers?: Record<string, string>
}

export interface Mailer {
  /**
   * Queues the message on `db`, the transaction of the change that causes it (decision 017): it is
   * sent once that commits, tried again while the SMTP server is away, and never lost.
   */
  send(db: Db, message: MailMessage): Promise<void>
}

const MAIL_QUEUE = 'mail'

/** How long the SMTP server may take to accept a connection, greet, and answer each step. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/**
 * Sends queued mail over SMTP, or, without an SMTP server, prints it and writes it as .eml under
 * DATA_DIR/outbox (whole or not at all: a full disk leaves no cut .eml). A failure fails the job,
 * which the queue retries with backoff. Each hand-over is recorded before it starts and marked
 * sent right after (mail_deliveries): a job run again sends nothing once its mail went out, and
 * only a crash between the server's acceptance and that mark sends it twice, with the same
 * Message-ID (the job's id), which receiving servers can use to drop the copy.
 */
export function createMailer(options: {
  db: Db
  jobs: JobQueue
  smtpUrl: string | undefined
  from: string
  dataDir: string
  retry: { delaySeconds: number; limit: number }
  log: FastifyBaseLogger
}): Mailer {
  const { db, jobs, smtpUrl, from, log } = options
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'auditdesk.local'

  async function deliver(message: MailMessage, jobId: string, attempt: number) {
    const info = await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      messageId: `<${jobId}@${domain}>`,
    })
    if (!smtpUrl) {
      await mkdir(outbox, { recursive: true })
      const file = path.join(
        outbox,
        `${new Date().toISOString().replaceAll(':', '-')}-${jobId.slice(0, 8)}.eml`,
      )
      await writeWholeFile(file, (info as unknown as { message: Buffer }).message)
      log.info(
        { mail: { to: message.to, subject: message.subject, file } },
        `E-mail to ${message.to}: "${message.subject}"${message.link ? `\n    ${message.link}` : ''}`,
      )
    }
    if (attempt > 0)
      log.info(
        { event: 'mail.delivered_after_retry', attempt, subject: message.subject },
        'e-mail delivered',
      )
  }

  jobs.define<MailMessage>(
    MAIL_QUEUE,
    {
      retryLimit: options.retry.limit,
      retryDelaySeconds: options.retry.delaySeconds,
      retryBackoff: true,
    },
    async (message, job) => {
      const handovers = await beginHandover(db, job.id, new Date())
      if (handovers === null) return
      if (handovers > 1)
        log.warn(
          { event: 'mail.handed_over_again', subject: message.subject },
          'an earlier hand-over of this mail did not finish: sending it again with the same Message-ID',
        )
      try {
        await deliver(message, job.id, job.retryCount)
      } catch (err) {
        log.warn(
          { err, event: 'mail.delivery_failed', attempt: job.retryCount, subject: message.subject },
          'e-mail delivery failed; it will be tried again',
        )
        throw err
      }
      // Sent: from here on, only this mark keeps the mail from going out again.
      await job.untilRecorded(() => markSent(db, job.id, new Date()))
    },
  )

  return {
    async send(db, message) {
      await jobs.enqueue(db, MAIL_QUEUE, message)
    },
  }
}

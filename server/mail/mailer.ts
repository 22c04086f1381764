import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import type { JobQueue } from '../jobs/queue'
import { writeWholeFile } from '../lib/whole-file'

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

/**
 * Sends queued mail over SMTP, or, without an SMTP server, prints it and writes it as .eml under
 * DATA_DIR/outbox (whole or not at all: a full disk leaves no cut .eml). A failure fails the job,
 * which the queue retries with backoff; the job's id is the message's Message-ID, so that a retry
 * after a lost acknowledgement reads as the same mail.
 */
export function createMailer(options: {
  jobs: JobQueue
  smtpUrl: string | undefined
  from: string
  dataDir: string
  retry: { delaySeconds: number; limit: number }
  log: FastifyBaseLogger
}): Mailer {
  const { jobs, smtpUrl, from, log } = options
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
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
      expireInSeconds: 120,
    },
    async (message, job) => {
      try {
        await deliver(message, job.id, job.retryCount)
      } catch (err) {
        log.warn(
          { err, event: 'mail.delivery_failed', attempt: job.retryCount, subject: message.subject },
          'e-mail delivery failed; it will be tried again',
        )
        throw err
      }
    },
  )

  return {
    async send(db, message) {
      await jobs.enqueue(db, MAIL_QUEUE, message)
    },
  }
}

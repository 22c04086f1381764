import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The action link, printed to the log when no SMTP server is configured. */
  link?: string
}

export interface Mailer {
  /** Sends in the background; failures are logged, never shown to the requester. */
  send(message: MailMessage): void
  /** Resolves when every message handed to send() has been delivered or has failed. */
  flush(): Promise<void>
}

export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  dataDir: string
  log: FastifyBaseLogger
}): Mailer {
  const { smtpUrl, from, log } = options
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const pending = new Set<Promise<void>>()

  async function deliver(message: MailMessage) {
    const info = await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    if (smtpUrl) return
    await mkdir(outbox, { recursive: true })
    const file = path.join(
      outbox,
      `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`,
    )
    await writeFile(file, (info as unknown as { message: Buffer }).message)
    log.info(
      { mail: { to: message.to, subject: message.subject, file } },
      `E-mail to ${message.to}: "${message.subject}"${message.link ? `\n    ${message.link}` : ''}`,
    )
  }

  return {
    send(message) {
      const job = deliver(message)
        .catch((err: unknown) =>
          log.error({ err, mail: { subject: message.subject } }, 'e-mail delivery failed'),
        )
        .finally(() => pending.delete(job))
      pending.add(job)
    },
    async flush() {
      await Promise.all([...pending])
    },
  }
}

import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface CapturedMail {
  to: string[]
  subject: string
  messageId: string
  /** When all of it had arrived (before the server answered that it took it). */
  receivedAt: number
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  body: string
  raw: string
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** A real SMTP server in this process that keeps every message it receives (on `port`, or any). */
export async function startSmtpCapture(port = 0) {
  const mails: CapturedMail[] = []
  const waiters: Array<() => void> = []
  /** How long it waits, once a message has arrived, before saying it took it (a slow server). */
  let acceptDelayMs = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        // A long subject is folded over several lines (RFC 5322): unfolded here.
        const subject =
          /^Subject: (.*(?:\r?\n[ \t].*)*)/m
            .exec(raw)?.[1]
            ?.replace(/\r?\n(?=[ \t])/g, '')
            .trim() ?? ''
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          receivedAt: Date.now(),
          body: decodeQuotedPrintable(raw),
          raw,
        })
        waiters.splice(0).forEach((wake) => wake())
        if (acceptDelayMs > 0) setTimeout(() => callback(), acceptDelayMs)
        else callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.server.address() as AddressInfo).port
  let closed: Promise<void> | undefined

  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    /** Makes the server slow to take each message from now on (0: at once). */
    acceptAfter(ms: number) {
      acceptDelayMs = ms
    },
    /** All mails sent to this address so far. */
    to: (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    /** Waits for the next mail to `address` (after `count` already seen), up to 5 s. */
    async waitFor(address: string, count = 0, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address.toLowerCase()))
        if (found.length > count) return found[count]!
        if (Date.now() > deadline)
          throw new Error(`No e-mail #${count + 1} to ${address} within ${timeoutMs / 1000} s`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    clear: () => void mails.splice(0),
    /** Stops listening (an outage, in tests of one); closing again does nothing. */
    close: () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  }
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>

/** The first link in a mail that starts with `prefix`, e.g. `${appUrl}/verify-email?token=`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`${escaped}[A-Za-z0-9_%.-]+`).exec(mail.body)
  if (!match) throw new Error(`No link starting with ${prefix} in "${mail.subject}"`)
  return match[0]
}

export function tokenFrom(link: string): string {
  return new URL(link).searchParams.get('token') ?? ''
}

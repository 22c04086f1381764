import type { DateFormat } from '@shared/constants'
import { formatDay, formatDayTime } from '@shared/format'
import type { Role } from '@shared/schemas/auth'
import type { MailMessage } from './mailer'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** A paragraph, or a line with its link (a request in a reminder). */
type Paragraph = string | { text: string; url: string }

const paragraphHtml = (p: Paragraph) =>
  typeof p === 'string'
    ? `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`
    : `<p style="margin:0 0 12px">${escapeHtml(p.text)}<br><a href="${escapeHtml(p.url)}" style="color:#1d4ed8;font-size:13px">Open the request</a></p>`

function layout(
  title: string,
  paragraphs: Paragraph[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map(paragraphHtml).join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:24px 0 0;font-size:12px;color:#6b7280">AuditDesk</p></div></body></html>`
}

function message(
  to: string,
  subject: string,
  paragraphs: Paragraph[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    ...paragraphs.map((p) => (typeof p === 'string' ? p : `${p.text}\n  ${p.url}`)),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '— AuditDesk',
  ].join('\n\n')
  // Names in subjects are user input: keep the subject on one line.
  const line = subject.replace(/\s+/g, ' ')
  return { to, subject: line, text, html: layout(line, paragraphs, action), link: action?.url }
}

/** A calendar date (YYYY-MM-DD) as the app shows it, in the company's order ("Mar 14, 2026"). */
export const mailDate = (day: string, dateFormat: DateFormat) =>
  formatDay(new Date(`${day}T00:00:00Z`), dateFormat, 'UTC')

/** A moment in the company's time zone and date order, as the app shows it, with the zone's name. */
export const mailDateTime = (at: Date, timeZone: string, dateFormat: DateFormat) =>
  `${formatDayTime(at, dateFormat, timeZone)} (${timeZone})`

/** One request in a reminder: `daysOverdue` negative while it is not yet due. */
export interface DueItem {
  title: string
  auditName: string
  dueDate: string | null
  /** Days past the due date (negative before it; 0 without one). */
  daysOverdue: number
  url: string
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function dueText(item: DueItem, dateFormat: DateFormat) {
  if (!item.dueDate) return 'no due date'
  const date = mailDate(item.dueDate, dateFormat)
  if (item.daysOverdue > 0) return `overdue by ${plural(item.daysOverdue, 'day')} (due ${date})`
  if (item.daysOverdue === 0) return `due today (${date})`
  return `due in ${plural(-item.daysOverdue, 'day')} (${date})`
}

/** Grouped by audit, overdue first (most overdue first), each with its link. */
function dueLines(
  items: DueItem[],
  dateFormat: DateFormat,
  extra: (item: DueItem) => string = () => '',
): Paragraph[] {
  const ordered = [...items].sort((a, b) => b.daysOverdue - a.daysOverdue)
  const audits = [...new Set(ordered.map((item) => item.auditName))]
  return audits.flatMap((audit) => [
    `${audit}:`,
    ...ordered
      .filter((item) => item.auditName === audit)
      .map((item) => ({
        text: `• ${item.title}: ${dueText(item, dateFormat)}${extra(item)}`,
        url: item.url,
      })),
  ])
}

/** The same subject whether the invitation carries a link or tells of an existing account. */
const invitedSubject = (invite: { inviterName: string; companyName: string }) =>
  `${invite.inviterName} invited you to ${invite.companyName} on AuditDesk`

/** What the invitation makes of its recipient, in the words of the mail. */
function invitedAs(invite: {
  inviterName: string
  companyName: string
  role: Role
  clientName: string | null
}) {
  const joined = `${invite.inviterName} invited you to join ${invite.companyName} on AuditDesk`
  if (invite.role === 'admin')
    return `${joined} as an admin, with full access to the company's clients, projects, audits and templates.`
  if (invite.role === 'staff')
    return `${joined} as a staff member, to run the company's clients, projects, audits and requests.`
  return `${joined} as a client user for ${invite.clientName ?? 'your organisation'}, to follow your projects and audits.`
}

export const mails = {
  verifyEmail: (to: string, firstName: string, url: string) =>
    message(
      to,
      'Verify your email address',
      [
        `Hello ${firstName},`,
        'Welcome to AuditDesk. Confirm your email address to activate your account.',
        'This link expires in 1 hour. If you did not create an account, you can ignore this email.',
      ],
      { label: 'Verify email address', url },
    ),
  accountExists: (to: string, firstName: string, loginUrl: string, resetUrl: string) =>
    message(
      to,
      'You already have an AuditDesk account',
      [
        `Hello ${firstName},`,
        'Someone (perhaps you) tried to register a new account with this email address, but you already have one.',
        `Sign in at ${loginUrl}. If you forgot your password, reset it at ${resetUrl}.`,
        'If this was not you, you can ignore this email; nothing has changed.',
      ],
      { label: 'Sign in', url: loginUrl },
    ),
  invitation: (
    to: string,
    invite: {
      companyName: string
      inviterName: string
      role: Role
      clientName: string | null
      expiresInDays: number
      url: string
    },
  ) =>
    message(
      to,
      invitedSubject(invite),
      [
        'Hello,',
        invitedAs(invite),
        'Accept the invitation to choose your name and password; your email address is already confirmed.',
        `This link expires in ${invite.expiresInDays} days and works once. If you did not expect this invitation, you can ignore this email.`,
      ],
      { label: 'Accept invitation', url: invite.url },
    ),
  /**
   * An invitation to an address that already has an account (with another company): it joins
   * this company too, with the same sign-in.
   */
  invitationForExistingAccount: (
    to: string,
    invite: {
      firstName: string
      companyName: string
      inviterName: string
      role: Role
      clientName: string | null
      expiresInDays: number
      url: string
    },
  ) =>
    message(
      to,
      invitedSubject(invite),
      [
        `Hello ${invite.firstName},`,
        invitedAs(invite),
        `You already have an AuditDesk account: accept with your password, or while you are signed in, and ${invite.companyName} joins the companies you can switch between. Your password and sign-in stay the same.`,
        `This link expires in ${invite.expiresInDays} days and works once. If you did not expect this invitation, you can ignore this email.`,
      ],
      { label: 'Accept invitation', url: invite.url },
    ),
  requestsSent: (
    to: string,
    sent: {
      firstName: string
      senderName: string
      /** The firm and its client: two clients may have audits of one name. */
      firmName: string
      clientName: string
      auditName: string
      requests: Array<{ title: string; dueDate: string | null }>
      url: string
      /** The day (YYYY-MM-DD) before which a due date is overdue. */
      today: string
      /** The firm's order of day and month. */
      dateFormat: DateFormat
    },
  ) => {
    const overdue = sent.requests.filter(
      (request) => request.dueDate !== null && request.dueDate < sent.today,
    ).length
    return message(
      to,
      `${sent.firmName}: ${sent.requests.length === 1 ? 'a new request' : `${sent.requests.length} new requests`} for ${sent.auditName} (${sent.clientName})`,
      [
        `Hello ${sent.firstName},`,
        `${sent.senderName} sent you ${sent.requests.length === 1 ? 'a request' : `${sent.requests.length} requests`} for the audit ${sent.auditName}:`,
        ...sent.requests.map(
          (request) =>
            `• ${request.title}${request.dueDate ? ` (due ${mailDate(request.dueDate, sent.dateFormat)}${request.dueDate < sent.today ? ', already overdue' : ''})` : ''}`,
        ),
        ...(overdue > 0
          ? [
              `${overdue === sent.requests.length ? (overdue === 1 ? 'It is' : 'All of them are') : `${overdue} of them ${overdue === 1 ? 'is' : 'are'}`} already overdue: please start with ${overdue === 1 ? 'that one' : 'those'}.`,
            ]
          : []),
        'Open My requests to answer them and submit your documents.',
      ],
      { label: 'Open my requests', url: sent.url },
    )
  },
  /** The day's reminder to a client user: everything of theirs that has come due. */
  reminder: (
    to: string,
    due: { firstName: string; items: DueItem[]; url: string; dateFormat: DateFormat },
  ) => {
    const overdue = due.items.filter((item) => item.daysOverdue > 0).length
    return message(
      to,
      overdue > 0
        ? `Reminder: ${plural(overdue, 'request')} overdue${due.items.length > overdue ? `, ${due.items.length - overdue} coming due` : ''}`
        : `Reminder: ${plural(due.items.length, 'request')} coming due`,
      [
        `Hello ${due.firstName},`,
        `A reminder of ${due.items.length === 1 ? 'a request' : 'requests'} waiting for your answer:`,
        ...dueLines(due.items, due.dateFormat),
        'Open My requests to answer them and submit your documents.',
      ],
      { label: 'Open my requests', url: due.url },
    )
  },
  /** "Remind now" from the firm: the recipient's open requests in one audit. */
  openItems: (
    to: string,
    list: {
      firstName: string
      senderName: string
      /** The firm and its client: two clients may have audits of one name. */
      firmName: string
      clientName: string
      auditName: string
      items: DueItem[]
      url: string
      dateFormat: DateFormat
    },
  ) =>
    message(
      to,
      `${list.firmName}: ${list.senderName} reminds you of ${plural(list.items.length, 'open request')} for ${list.auditName} (${list.clientName})`,
      [
        `Hello ${list.firstName},`,
        `${list.senderName} asks you to look at your open ${list.items.length === 1 ? 'request' : 'requests'} for the audit ${list.auditName}:`,
        ...list.items
          .slice()
          .sort((a, b) => b.daysOverdue - a.daysOverdue)
          .map((item) => ({
            text: `• ${item.title}: ${dueText(item, list.dateFormat)}`,
            url: item.url,
          })),
      ],
      { label: 'Open my requests', url: list.url },
    ),
  /** Monday's summary to a client user: every request waiting for their answer. */
  weeklyDigest: (
    to: string,
    digest: { firstName: string; items: DueItem[]; url: string; dateFormat: DateFormat },
  ) =>
    message(
      to,
      `Your week: ${plural(digest.items.length, 'open request')}`,
      [
        `Hello ${digest.firstName},`,
        `${digest.items.length === 1 ? 'This request is' : 'These requests are'} waiting for your answer:`,
        ...dueLines(digest.items, digest.dateFormat),
      ],
      { label: 'Open my requests', url: digest.url },
    ),
  /** The day's summary to one of the firm's people: answers waiting for review on their audits. */
  reviewDigest: (
    to: string,
    digest: { firstName: string; items: DueItem[]; dateFormat: DateFormat },
  ) =>
    message(to, `${plural(digest.items.length, 'answer')} waiting for your review`, [
      `Hello ${digest.firstName},`,
      `The client submitted ${digest.items.length === 1 ? 'this request' : 'these requests'} on audits you are on; ${digest.items.length === 1 ? 'it is' : 'they are'} waiting for review:`,
      ...dueLines(digest.items, digest.dateFormat),
    ]),
  /** To an audit's lead: requests overdue past the policy's escalation days. */
  escalation: (
    to: string,
    due: {
      firstName: string
      items: Array<DueItem & { assigneeName: string }>
      dateFormat: DateFormat
    },
  ) =>
    message(to, `${plural(due.items.length, 'request')} long overdue on your audits`, [
      `Hello ${due.firstName},`,
      `These requests on audits you lead are overdue and still waiting for the client:`,
      ...dueLines(due.items, due.dateFormat, (item) => {
        const name = (item as DueItem & { assigneeName: string }).assigneeName
        return name ? `, assigned to ${name}` : ''
      }),
    ]),
  /** What happened on the user's requests since the last such mail. */
  events: (
    to: string,
    events: {
      firstName: string
      timeZone: string
      dateFormat: DateFormat
      items: Array<{ title: string; body: string | null; url: string; createdAt: Date }>
    },
  ) =>
    message(
      to,
      events.items.length === 1
        ? events.items[0]!.title
        : `${events.items.length} updates on your requests`,
      [
        `Hello ${events.firstName},`,
        ...events.items.map((item) => ({
          text: `${item.title} (${mailDateTime(item.createdAt, events.timeZone, events.dateFormat)})${item.body ? `: “${item.body}”` : ''}`,
          url: item.url,
        })),
        'You can choose what you are told of in Settings, Notifications.',
      ],
    ),
  resetPassword: (to: string, firstName: string, url: string) =>
    message(
      to,
      'Reset your password',
      [
        `Hello ${firstName},`,
        'We received a request to reset your AuditDesk password.',
        'This link expires in 1 hour and works once. If you did not ask for it, ignore this email: your password stays the same.',
      ],
      { label: 'Reset password', url },
    ),
  /** To each admin: a webhook failing for days was turned off. */
  webhookDisabled: (
    to: string,
    hook: { firstName: string; url: string; failingSince: string; settingsUrl: string },
  ) =>
    message(
      to,
      'A webhook was turned off',
      [
        `Hello ${hook.firstName},`,
        `Every delivery to ${hook.url} has failed since ${hook.failingSince}, so AuditDesk turned the webhook off and sends it nothing more.`,
        'Fix the receiving end, then turn the webhook on again in Admin Settings: deliveries that were waiting are tried again.',
      ],
      { label: 'Open Admin Settings', url: hook.settingsUrl },
    ),
}

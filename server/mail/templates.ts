import type { Role } from '@shared/schemas/auth'
import type { MailMessage } from './mailer'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
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
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '— AuditDesk',
  ].join('\n\n')
  // Names in subjects are user input: keep the subject on one line.
  const line = subject.replace(/\s+/g, ' ')
  return { to, subject: line, text, html: layout(line, paragraphs, action), link: action?.url }
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
  /** An invitation to an address that already has an account with another company. */
  invitationForExistingAccount: (
    to: string,
    invite: { firstName: string; companyName: string; inviterName: string; loginUrl: string },
  ) =>
    message(
      to,
      invitedSubject(invite),
      [
        `Hello ${invite.firstName},`,
        `${invite.inviterName} invited this email address to join ${invite.companyName} on AuditDesk, but it already has an account with another company, and an account belongs to one company.`,
        `To join ${invite.companyName}, ask ${invite.inviterName} to invite another email address of yours. Your own account is unchanged; sign in as usual.`,
        'If you did not expect this, you can ignore this email.',
      ],
      { label: 'Sign in', url: invite.loginUrl },
    ),
  requestsSent: (
    to: string,
    sent: {
      firstName: string
      senderName: string
      auditName: string
      requests: Array<{ title: string; dueDate: string | null }>
      url: string
    },
  ) =>
    message(
      to,
      `${sent.requests.length === 1 ? 'A new request' : `${sent.requests.length} new requests`} for ${sent.auditName}`,
      [
        `Hello ${sent.firstName},`,
        `${sent.senderName} sent you ${sent.requests.length === 1 ? 'a request' : `${sent.requests.length} requests`} for the audit ${sent.auditName}:`,
        ...sent.requests.map(
          (request) => `• ${request.title}${request.dueDate ? ` (due ${request.dueDate})` : ''}`,
        ),
        'Open My requests to answer them and submit your documents.',
      ],
      { label: 'Open my requests', url: sent.url },
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
}

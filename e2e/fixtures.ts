import { Secret, TOTP } from 'otpauth'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'

export const mailDir =
  process.env.E2E_MAIL_DIR ?? path.resolve(import.meta.dirname, '../.tmp/e2e-mail')

export interface Mail {
  to: string[]
  subject: string
  body: string
}

async function readMails(): Promise<Mail[]> {
  // Files are numbered in arrival order.
  const files = (await readdir(mailDir).catch(() => []))
    .filter((file) => file.endsWith('.json'))
    .sort()
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as Mail),
  )
}

const matches = (mail: Mail, to: string, subject?: RegExp) =>
  mail.to.includes(to.toLowerCase()) && (!subject || subject.test(mail.subject))

/** Waits until at least `count` mails to `to` (optionally matching the subject) have arrived; returns them oldest first. */
export async function waitForMails(
  to: string,
  subject: RegExp | undefined,
  count: number,
  timeoutMs = 15_000,
): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await readMails()).filter((mail) => matches(mail, to, subject))
    if (found.length >= count) return found
    if (Date.now() > deadline)
      throw new Error(
        `${found.length} of ${count} mails to ${to}${subject ? ` matching ${subject}` : ''}`,
      )
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Waits for a mail to `to` (optionally matching the subject) captured by the test SMTP server; returns the latest. */
export async function waitForMail(to: string, subject?: RegExp, timeoutMs = 15_000): Promise<Mail> {
  return (await waitForMails(to, subject, 1, timeoutMs)).at(-1)!
}

export function linkFrom(mail: Mail, pathPrefix: string): string {
  const match = new RegExp(
    `https?://[^\\s"<>]*${pathPrefix.replace(/[?]/g, '\\?')}[A-Za-z0-9_%.-]+`,
  ).exec(mail.body)
  if (!match) throw new Error(`No ${pathPrefix} link in "${mail.subject}"`)
  return match[0]
}

let sequence = 0
export function uniqueEmail(prefix = 'user') {
  sequence += 1
  return `${prefix}.${Date.now()}.${process.pid}.${sequence}@example.com`
}

export interface Account {
  firstName: string
  lastName: string
  email: string
  password: string
  companyName: string
}

async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/auth/captcha')).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

export const originHeader = (baseURL: string) => ({ origin: new URL(baseURL).origin })

function newAccount(overrides: Partial<Account>): Account {
  return {
    firstName: 'Margaret',
    lastName: 'Hamilton',
    email: uniqueEmail(),
    password: 'apollo-guidance-11',
    companyName: 'Hamilton Assurance LLP',
    ...overrides,
  }
}

/** Registers an account through the API without verifying its e-mail (the verification mail is sent). */
export async function registerAccount(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<Account> = {},
): Promise<Account> {
  const account = newAccount(overrides)
  const registered = await request.post('/api/auth/register', {
    headers: originHeader(baseURL),
    data: {
      ...account,
      companySize: '11-50 employees',
      companyPhone: '+1 555 0142',
      companyIndustry: 'Financial Services',
      captchaToken: await solvedCaptcha(request),
    },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  return account
}

/** Creates a verified account through the API (register → mailed link → verify). */
export async function createVerifiedAccount(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<Account> = {},
): Promise<Account> {
  const account = await registerAccount(request, baseURL, overrides)
  const token = new URL(
    linkFrom(await waitForMail(account.email, /Verify/), '/verify-email?token='),
  ).searchParams.get('token')
  const verified = await request.post('/api/auth/verify-email', {
    headers: originHeader(baseURL),
    data: { token },
  })
  expect(verified.status()).toBe(200)
  return account
}

/** Signs the page's browser context in through the API (the sign-in UI has its own tests). */
export async function signIn(page: Page, baseURL: string, account: Account) {
  const response = await page.request.post('/api/auth/login', {
    headers: originHeader(baseURL),
    data: { email: account.email, password: account.password },
  })
  expect(response.status()).toBe(200)
}

/**
 * Fails on any serious or critical axe violation. `sameOriginOnly` runs axe inside the page
 * (its "legacy mode": same-origin frames are still checked, cross-origin ones are not) instead
 * of opening an extra page per scan to merge the frames' results: much faster, and the same
 * checks for pages without cross-origin frames, such as the signed-in app's screens.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { sameOriginOnly = false }: { sameOriginOnly?: boolean } = {},
) {
  const results = await new AxeBuilder({ page }).setLegacyMode(sameOriginOnly).analyze()
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

/** The toasts on screen: the items of the "Notifications (F8)" region. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')
}

export const test = base.extend<{ account: Account; pageProblems: void }>({
  account: async ({ request, baseURL }, use) => {
    await use(await createVerifiedAccount(request, baseURL!))
  },
  // Every test also fails on a Content-Security-Policy violation or an uncaught error in its page.
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy'))
          problems.push(message.text())
      })
      page.on('pageerror', (error) => problems.push(`Uncaught ${error.name}: ${error.message}`))
      await use()
      expect(problems, 'CSP violations or uncaught errors in the page').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

export interface Created {
  id: string
  name?: string
  title?: string
}

/**
 * Creates workspace records through the API with the page's session (call signIn first): for
 * the data a test needs but is not about.
 */
export function workspaceApi(page: Page, baseURL: string) {
  const create = async (path: string, data: Record<string, unknown>): Promise<Created> => {
    const response = await page.request.post(path, { headers: originHeader(baseURL), data })
    expect(response.status(), await response.text()).toBe(201)
    return (await response.json()) as Created
  }
  return {
    client: (data: { name: string; email?: string; phone?: string; address?: string }) =>
      create('/api/clients', data),
    project: (data: {
      name: string
      clientId: string
      description?: string
      status?: 'active' | 'completed' | 'on_hold'
    }) => create('/api/projects', data),
    audit: (data: {
      name: string
      projectId: string
      description?: string
      status?: 'in_progress' | 'in_review' | 'completed'
      dueDate?: string | null
      templateId?: string
    }) => create('/api/audits', data),
    category: (data: { name: string; description?: string }) =>
      create('/api/template-categories', data),
    template: (data: { name: string; description?: string; categoryId?: string | null }) =>
      create('/api/templates', data),
    templateItem: (data: {
      templateId: string
      title: string
      description?: string
      order?: number
      requiresDocument?: boolean
      requiresResponse?: boolean
    }) => create('/api/template-items', data),
  }
}

/** Resolves when the page's finite CSS animations (a dialog's fade-in, say) have finished. */
export async function animationsFinished(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Waits until the page has drawn its main region and no loading skeleton or busy region is left
 * (right after a navigation the page is blank: nothing is loading yet, and nothing is there).
 */
export async function loaded(page: Page) {
  await expect(page.locator('main').first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0)
}

export interface InvitationCreated {
  id: string
  email: string
  role: 'admin' | 'client'
  clientId: string | null
  clientName: string | null
}

/** Invites `email` through the API with the page's (admin) session; returns the invitation. */
export async function inviteUser(
  page: Page,
  baseURL: string,
  data: { email: string; role: 'admin' | 'client'; clientId?: string | null },
): Promise<InvitationCreated> {
  const response = await page.request.post('/api/invitations', {
    headers: originHeader(baseURL),
    data,
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as InvitationCreated
}

/** The accept-invitation link of the latest invitation mailed to `email`. */
export async function invitationLink(email: string): Promise<string> {
  return linkFrom(await waitForMail(email, /invited you/), '/accept-invitation?token=')
}

/**
 * A client user of the page's (admin) company for `clientId`, created the way users are: invited
 * through the API, then the mailed link accepted from a separate, cookie-less API context.
 */
export async function createClientUser(
  page: Page,
  baseURL: string,
  clientId: string,
  overrides: Partial<Pick<Account, 'firstName' | 'lastName' | 'email' | 'password'>> = {},
): Promise<Account & { id: string }> {
  const user = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: uniqueEmail('client'),
    password: 'cobol-compiler-59',
    ...overrides,
  }
  await inviteUser(page, baseURL, { email: user.email, role: 'client', clientId })
  const token = new URL(await invitationLink(user.email)).searchParams.get('token')
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    const accepted = await context.post('/api/invitations/accept', {
      headers: originHeader(baseURL),
      data: { token, firstName: user.firstName, lastName: user.lastName, password: user.password },
    })
    expect(accepted.status(), await accepted.text()).toBe(201)
    const { user: created } = (await accepted.json()) as { user: { id: string } }
    return { ...user, id: created.id, companyName: '' }
  } finally {
    await context.dispose()
  }
}

/** The number on one of the dashboard's overview cards. */
export function dashboardStat(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Overview' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label }) })
    .locator('p')
}

/** The audit page's request rows: the table's (wide screens) or the list's (narrow ones). */
export function requestRows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Requests' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .or(page.getByRole('list', { name: 'Requests' }).getByRole('listitem'))
}

/**
 * Draft requests added to an audit through the API (the page's session), in order; each one
 * assigned to `assigneeId` when given. Answers the ids.
 */
export async function seedRequests(
  page: Page,
  baseURL: string,
  auditId: string,
  titles: string[],
  {
    assigneeId,
    dueDate,
    documentRequired,
  }: {
    assigneeId?: string
    dueDate?: (index: number) => string
    documentRequired?: (index: number) => boolean
  } = {},
): Promise<string[]> {
  const ids: string[] = []
  for (const [index, title] of titles.entries()) {
    const created = await page.request.post(`/api/audits/${auditId}/requests`, {
      headers: originHeader(baseURL),
      data: {
        title,
        documentRequired: documentRequired?.(index) ?? false,
        ...(assigneeId ? { assigneeId } : {}),
        ...(dueDate ? { dueDate: dueDate(index) } : {}),
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    ids.push(((await created.json()) as { id: string }).id)
  }
  return ids
}

/** Sends every draft of the audit that has an assignee. */
export async function sendDrafts(page: Page, baseURL: string, auditId: string) {
  const sent = await page.request.post(`/api/audits/${auditId}/send`, {
    headers: originHeader(baseURL),
    data: {},
  })
  expect(sent.status(), await sent.text()).toBe(200)
}

/** The client user `account` answers each request in `ids` (written answers, through the API). */
export async function submitAnswers(baseURL: string, account: Account, ids: string[]) {
  const headers = originHeader(baseURL)
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    const login = await context.post('/api/auth/login', {
      headers,
      data: { email: account.email, password: account.password },
    })
    expect(login.status(), await login.text()).toBe(200)
    for (const id of ids) {
      const submitted = await context.post(`/api/requests/${id}/submit`, {
        headers,
        data: { response: 'Attached as asked.' },
      })
      expect(submitted.status(), await submitted.text()).toBe(200)
    }
  } finally {
    await context.dispose()
  }
}

/** What an authenticator app shows for the base32 `key` (spaces allowed), `offsetMs` from now. */
export const authenticatorCode = (key: string, offsetMs = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(key.replace(/\s/g, '')),
    timestamp: Date.now() + offsetMs,
  })

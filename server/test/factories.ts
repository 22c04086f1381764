import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Capability } from '@shared/access'
import type { AuditDetail } from '@shared/schemas/audits'
import type { CurrentUser, Role } from '@shared/schemas/auth'
import type { Client } from '@shared/schemas/clients'
import type { Project } from '@shared/schemas/projects'
import type { AuditRequest } from '@shared/schemas/requests'
import type { Category, Template, TemplateItem } from '@shared/schemas/templates'
import { selectRows } from '../db/client'
import {
  audits,
  clients,
  projects,
  templateCategories,
  templateItems,
  templates,
} from '../db/schema'
import { passwords } from '../modules/auth/passwords'
import { claimRequestNumbers } from '../modules/audits/audits.repo'
import { keysAfter } from '../modules/requests/order-keys'
import { insertRequests, lastKey } from '../modules/requests/requests.repo'
import { APP_URL, sessionCookie, type TestApp } from './harness'
import { multipartBody, type UploadFile } from './multipart'
import { linkIn, tokenFrom } from './smtp-capture'
import { insertUser } from '../modules/users/users.repo'

let sequence = 0
const next = () => `${++sequence}.${process.pid}`

/**
 * A verified user with role 'client' in an existing company, belonging to `clientId` (a new client
 * of the company when omitted), inserted straight into the database and signed in through the
 * real login route. The invitation flow itself is exercised by `invitedUser`.
 */
export async function signedInClientUser(t: TestApp, organizationId: string, clientId?: string) {
  const now = t.clock()
  const ownClientId =
    clientId ??
    (
      await t.app.db
        .insert(clients)
        .values({ organizationId, name: `Client ${next()}`, createdAt: now, updatedAt: now })
        .returning({ id: clients.id })
    )[0]!.id
  const signedIn = await signedInUser(t, organizationId, {
    role: 'client',
    clientId: ownClientId,
    firstName: 'Clara',
    lastName: 'Client',
  })
  return { ...signedIn, user: { ...signedIn.user, role: 'client' as const, clientId: ownClientId } }
}

/** A verified staff member of an existing company, signed in like signedInClientUser. */
export async function signedInStaff(t: TestApp, organizationId: string) {
  const signedIn = await signedInUser(t, organizationId, {
    role: 'staff',
    clientId: null,
    firstName: 'Sam',
    lastName: 'Staff',
  })
  return { ...signedIn, user: { ...signedIn.user, role: 'staff' as const } }
}

async function signedInUser(
  t: TestApp,
  organizationId: string,
  who: { role: Role; clientId: string | null; firstName: string; lastName: string },
) {
  const email = `${who.role}${next()}@example.com`
  const password = `${who.role} user password`
  const now = t.clock()
  const user = await insertUser(
    t.app.db,
    {
      organizationId,
      email,
      passwordHash: await passwords.hash(password),
      ...who,
      emailVerifiedAt: now,
    },
    now,
  )
  const login = await t.request('POST', '/api/auth/login', { body: { email, password } })
  if (login.statusCode !== 200) throw new Error(`${who.role} login failed: ${login.body}`)
  return { cookie: sessionCookie(login), password, user: { id: user!.id, email } }
}

/**
 * Invites `email` as the admin behind `cookie`, reads the mailed link and accepts it: a signed-in
 * user of the admin's company, created through the real invitation flow.
 */
export async function invitedUser(
  t: TestApp,
  adminCookie: string,
  invitation: { role: Role; clientId?: string; email?: string },
) {
  const email = invitation.email ?? `invitee${next()}@example.com`
  const sent = t.smtp.to(email).length
  const res = await t.request('POST', '/api/invitations', {
    cookie: adminCookie,
    body: { email, role: invitation.role, clientId: invitation.clientId },
  })
  if (res.statusCode !== 201) throw new Error(`invitation failed: ${res.body}`)
  const token = tokenFrom(linkIn(await t.smtp.waitFor(email, sent), INVITATION_LINK))
  const password = 'invited user password'
  const accepted = await t.request('POST', '/api/invitations/accept', {
    body: { token, firstName: 'Ivy', lastName: 'Invitee', password },
  })
  if (accepted.statusCode !== 201) throw new Error(`accept failed: ${accepted.body}`)
  return {
    cookie: sessionCookie(accepted),
    email,
    password,
    user: accepted.json<{ user: CurrentUser }>().user,
  }
}

export const INVITATION_LINK = `${APP_URL}/accept-invitation?token=`

/** Uploads the files to a request as `cookie`, as a browser does (multipart/form-data). */
export function uploadFiles(t: TestApp, cookie: string, requestId: string, files: UploadFile[]) {
  const { payload, contentType } = multipartBody(files)
  return t.request('POST', `/api/requests/${requestId}/files`, {
    cookie,
    body: payload,
    headers: { 'content-type': contentType },
  })
}

/** POSTs `body` as `cookie` and returns the created object; anything but 201 throws. */
async function create<T>(t: TestApp, cookie: string, url: string, body: Record<string, unknown>) {
  const res = await t.request('POST', url, { cookie, body })
  if (res.statusCode !== 201) throw new Error(`POST ${url} → ${res.statusCode}: ${res.body}`)
  return res.json<T>()
}

export const createClient = (t: TestApp, cookie: string, body: Record<string, unknown> = {}) =>
  create<Client>(t, cookie, '/api/clients', { name: `Client ${next()}`, ...body })

/** A project; without a clientId, a new client is created for it. */
export async function createProject(
  t: TestApp,
  cookie: string,
  body: Record<string, unknown> = {},
) {
  const clientId = body.clientId ?? (await createClient(t, cookie)).id
  return create<Project>(t, cookie, '/api/projects', {
    name: `Project ${next()}`,
    clientId,
    ...body,
  })
}

/** An audit; without a projectId, a new project (and client) is created for it. */
export async function createAudit(t: TestApp, cookie: string, body: Record<string, unknown> = {}) {
  const projectId = body.projectId ?? (await createProject(t, cookie)).id
  return create<AuditDetail>(t, cookie, '/api/audits', {
    name: `Audit ${next()}`,
    projectId,
    ...body,
  })
}

/** A request of a new audit of `projectId`, sent to `assigneeId` (a client user): open for uploads. */
export async function sentRequest(
  t: TestApp,
  cookie: string,
  { projectId, assigneeId }: { projectId: string; assigneeId: string },
) {
  const audit = await createAudit(t, cookie, { projectId })
  const request = await create<AuditRequest>(t, cookie, `/api/audits/${audit.id}/requests`, {
    title: `Request ${next()}`,
    assigneeId,
  })
  const sent = await t.request('POST', `/api/audits/${audit.id}/send`, {
    cookie,
    body: { requestIds: [request.id] },
  })
  if (sent.statusCode !== 200) throw new Error(`send → ${sent.statusCode}: ${sent.body}`)
  return request
}

/**
 * `count` requests appended to an audit straight through the repo, numbered and keyed as the API
 * does, in one insert: large audits without thousands of calls. `sent`: sent to `assigneeId`.
 */
export async function seedRequests(
  t: TestApp,
  {
    organizationId,
    auditId,
    count,
    assigneeId = null,
    sent = false,
  }: {
    organizationId: string
    auditId: string
    count: number
    assigneeId?: string | null
    sent?: boolean
  },
) {
  const now = t.clock()
  return t.app.db.transaction(async (tx) => {
    const first = await claimRequestNumbers(tx, organizationId, auditId, count)
    const keys = keysAfter(await lastKey(tx, organizationId, auditId), count)
    const ids = await insertRequests(
      tx,
      organizationId,
      auditId,
      keys.map((position, i) => ({
        title: `Seeded request ${first + i}`,
        description: null,
        documentRequired: false,
        responseRequired: false,
        number: first + i,
        position,
        assigneeId,
      })),
      now,
    )
    if (sent)
      await tx.execute(
        sql`update audit_requests set status = 'sent', sent_at = ${now.toISOString()}::timestamptz where audit_id = ${auditId} and number >= ${first}`,
      )
    return ids
  })
}

export const createCategory = (t: TestApp, cookie: string, body: Record<string, unknown> = {}) =>
  create<Category>(t, cookie, '/api/template-categories', { name: `Category ${next()}`, ...body })

export const createTemplate = (t: TestApp, cookie: string, body: Record<string, unknown> = {}) =>
  create<Template>(t, cookie, '/api/templates', { name: `Template ${next()}`, ...body })

/** A template item; without a templateId, a new template is created for it. */
export async function createItem(t: TestApp, cookie: string, body: Record<string, unknown> = {}) {
  const templateId = body.templateId ?? (await createTemplate(t, cookie)).id
  return create<TemplateItem>(t, cookie, '/api/template-items', {
    title: `Item ${next()}`,
    templateId,
    ...body,
  })
}

const workspaceTables = {
  clients,
  projects,
  audits,
  templateCategories,
  templates,
  templateItems,
}
export type WorkspaceCounts = Record<keyof typeof workspaceTables, number>

/** Row counts of every workspace table (in one query), for one company or for all. */
export async function workspaceCounts(
  t: TestApp,
  organizationId?: string,
): Promise<WorkspaceCounts> {
  const columns = Object.entries(workspaceTables).map(
    ([name, table]) =>
      sql`(select count(*)::int from ${table}${
        organizationId ? sql` where ${table.organizationId} = ${organizationId}` : sql``
      }) as ${sql.identifier(name)}`,
  )
  const [row] = await selectRows<WorkspaceCounts>(
    t.app.db,
    sql`select ${sql.join(columns, sql`, `)}`,
  )
  return row!
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** An id no row will ever have. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000'

/** A timestamp as the API sends it: ISO 8601 in UTC, round-tripping through Date. */
export function expectIsoTimestamp(value: unknown) {
  expect(typeof value).toBe('string')
  expect(new Date(value as string).toISOString()).toBe(value)
}

/** The one error shape, with the given status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  const where = `${res.statusCode} ${res.body}`
  expect(res.statusCode, where).toBe(status)
  const body = res.json<Record<string, unknown>>()
  expect(body.code, where).toBe(code)
  expect(typeof body.message, where).toBe('string')
  expect((body.message as string).length, where).toBeGreaterThan(0)
  expect(
    Object.keys(body).every((k) => ['message', 'code', 'errors'].includes(k)),
    where,
  ).toBe(true)
  return body as {
    message: string
    code: string
    errors?: Array<{ path: string; message: string }>
  }
}

/** 400 VALIDATION naming at least the given field paths, each with a message. */
export function expectValidation(res: LightMyRequestResponse, paths: string[]) {
  const body = expectError(res, 400, 'VALIDATION')
  expect(Array.isArray(body.errors), res.body).toBe(true)
  for (const error of body.errors!) expect(typeof error.message).toBe('string')
  expect(
    body.errors!.map((e) => e.path),
    res.body,
  ).toEqual(expect.arrayContaining(paths))
  return body
}

/** What each role may do across its company, as the API says (`permissions` of /api/auth/me). */
export const ROLE_PERMISSIONS = {
  admin: [
    'workspace.read',
    'engagements.manage',
    'templates.read',
    'templates.manage',
    'company.manage',
  ],
  staff: ['workspace.read', 'engagements.manage', 'templates.read'],
  client: ['workspace.read', 'requests.answer'],
} as const satisfies Record<Role, readonly Capability[]>

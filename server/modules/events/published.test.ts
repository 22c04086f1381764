import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest } from '@shared/schemas/requests'
import { createAudit, createProject, signedInClientUser, uploadFiles } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { CHANGES_CHANNEL, type Change } from './changes'

/** What the request workflow publishes for open pages, and to whom (events.test.ts: delivery). */

let t: TestApp
let heard: Change[] = []
let stop: () => Promise<void>
beforeAll(async () => {
  t = await createTestApp()
  stop = await t.app.database.listen(
    CHANGES_CHANNEL,
    (payload) => heard.push(JSON.parse(payload) as Change),
    () => {},
  )
})
afterAll(async () => {
  await stop?.()
  await t?.close()
})

/** The changes heard while `action` ran (NOTIFY arrives a moment after the commit). */
async function during(action: () => Promise<unknown>) {
  heard = []
  await action()
  await new Promise((resolve) => setTimeout(resolve, 150))
  return heard
}

describe('changes published for open pages', () => {
  it('drafts are the firm’s alone; once sent, the client hears of its requests too', async () => {
    const admin = await signedInAdmin(t)
    const project = await createProject(t, admin.cookie)
    const client = await signedInClientUser(t, admin.user.company.id, project.clientId)
    const audit = await createAudit(t, admin.cookie, { projectId: project.id })
    let request: AuditRequest | undefined
    const created = await during(async () => {
      const res = await t.request('POST', `/api/audits/${audit.id}/requests`, {
        cookie: admin.cookie,
        body: { title: 'Ledger', assigneeId: client.user.id },
      })
      request = res.json<AuditRequest>()
    })
    expect(created).toContainEqual(
      expect.objectContaining({ clientId: null, topics: [`audit:${audit.id}`] }),
    )
    const sent = await during(() =>
      t.request('POST', `/api/audits/${audit.id}/send`, { cookie: admin.cookie, body: {} }),
    )
    expect(sent).toContainEqual(
      expect.objectContaining({
        organizationId: admin.user.company.id,
        clientId: project.clientId,
        // The audit, not each request: its request pages follow it.
        topics: [`audit:${audit.id}`, 'my-requests'],
      }),
    )
    const uploaded = await during(() =>
      uploadFiles(t, client.cookie, request!.id, [
        { name: 'a.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
      ]),
    )
    expect(uploaded).toContainEqual(
      expect.objectContaining({ clientId: project.clientId, topics: [`request:${request!.id}`] }),
    )
    const note = await during(() =>
      t.request('POST', `/api/requests/${request!.id}/comments`, {
        cookie: admin.cookie,
        body: { body: 'Internal only', internal: true },
      }),
    )
    expect(note.filter((change) => change.topics.includes(`request:${request!.id}`))).toEqual([
      expect.objectContaining({ clientId: null }),
    ])
    // A question is a change of the request (the audit hears) and words in its discussion (the
    // request hears); the firm's answer gives the request back to the client: the audit hears too.
    const asked = await during(() =>
      t.request('POST', `/api/requests/${request!.id}/ask`, {
        cookie: client.cookie,
        body: { question: 'Which year?' },
      }),
    )
    expect(asked.filter((change) => !change.topics.includes('notifications'))).toEqual([
      expect.objectContaining({
        clientId: project.clientId,
        topics: [`audit:${audit.id}`, 'my-requests'],
      }),
      expect.objectContaining({ clientId: project.clientId, topics: [`request:${request!.id}`] }),
    ])
    const answered = await during(() =>
      t.request('POST', `/api/requests/${request!.id}/comments`, {
        cookie: admin.cookie,
        body: { body: 'The last one' },
      }),
    )
    expect(answered.filter((change) => !change.topics.includes('notifications'))).toEqual([
      expect.objectContaining({
        clientId: project.clientId,
        topics: [`audit:${audit.id}`, 'my-requests'],
      }),
      expect.objectContaining({ clientId: project.clientId, topics: [`request:${request!.id}`] }),
    ])
    const chatted = await during(() =>
      t.request('POST', `/api/requests/${request!.id}/comments`, {
        cookie: admin.cookie,
        body: { body: 'Thanks' },
      }),
    )
    expect(chatted.filter((change) => !change.topics.includes('notifications'))).toEqual([
      expect.objectContaining({ clientId: project.clientId, topics: [`request:${request!.id}`] }),
    ])
    const renamed = await during(() =>
      t.request('PATCH', `/api/audits/${audit.id}`, {
        cookie: admin.cookie,
        body: { name: 'Year end 2026' },
      }),
    )
    expect(renamed).toContainEqual(
      expect.objectContaining({
        clientId: project.clientId,
        topics: [`audit:${audit.id}`, 'my-requests'],
      }),
    )
  })
})

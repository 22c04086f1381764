import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_LIMITS, type AuditRequest } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import { createAudit, createProject, seedRequests, signedInClientUser } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { CHANGES_CHANNEL, MAX_NOTICE_BYTES, noticesOf, publishChange, type Change } from './changes'

/**
 * A NOTIFY payload of 8,000 bytes or more fails the transaction that sends it: every change must
 * commit whatever its size, so notices name the audit rather than each request, and publishChange
 * keeps any notice under the limit.
 */

let t: TestApp
let heard: string[] = []
let stop: () => Promise<void>
beforeAll(async () => {
  t = await createTestApp()
  stop = await t.app.database.listen(
    CHANGES_CHANNEL,
    (payload) => heard.push(payload),
    () => {},
  )
})
afterAll(async () => {
  await stop?.()
  await t?.close()
})

/** The notices heard while `action` ran (NOTIFY arrives a moment after the commit). */
async function during(action: () => Promise<unknown>) {
  heard = []
  await action()
  await new Promise((resolve) => setTimeout(resolve, 200))
  return heard
}

const bytes = (text: string) => Buffer.byteLength(text)
const base: Change = { organizationId: randomUUID(), clientId: randomUUID(), topics: [] }
const requestTopics = (n: number) => Array.from({ length: n }, () => `request:${randomUUID()}`)

describe('noticesOf: every notice under the limit', () => {
  it('a change that fits goes as it is, up to the last byte allowed', () => {
    const small = { ...base, topics: ['audit:a', 'my-requests'] }
    expect(noticesOf(small)).toEqual([JSON.stringify(small)])
    const room = MAX_NOTICE_BYTES - 1 - bytes(JSON.stringify({ ...base, topics: [''] }))
    const largest = { ...base, topics: ['x'.repeat(room)] }
    expect(bytes(JSON.stringify(largest))).toBe(MAX_NOTICE_BYTES - 1)
    expect(noticesOf(largest)).toEqual([JSON.stringify(largest)])
    const tooLarge = { ...base, topics: ['x'.repeat(room + 1)] }
    expect(noticesOf(tooLarge)).toEqual([JSON.stringify({ ...base, topics: ['*'] })])
  })

  it('topics too many to name: `*` for the same audience', () => {
    const change = { ...base, topics: ['audit:a', ...requestTopics(500)] }
    expect(noticesOf(change).map((notice) => JSON.parse(notice) as Change)).toEqual([
      { ...base, topics: ['*'] },
    ])
  })

  it('named users too many for one notice: several notices, the same topics, each user once', () => {
    const userIds = Array.from({ length: 700 }, () => randomUUID())
    const change = { ...base, clientId: null, userIds, topics: ['notifications'] }
    const notices = noticesOf(change)
    expect(notices.length).toBeGreaterThan(1)
    for (const notice of notices) expect(bytes(notice)).toBeLessThan(MAX_NOTICE_BYTES)
    const parsed = notices.map((notice) => JSON.parse(notice) as Change)
    for (const notice of parsed)
      expect(notice).toMatchObject({
        organizationId: base.organizationId,
        topics: ['notifications'],
      })
    expect(parsed.flatMap((notice) => notice.userIds)).toEqual(userIds)
  })
})

describe('publishChange', () => {
  it('a change of any size commits, and is heard small', async () => {
    const notices = await during(() =>
      t.app.db.transaction(async (tx) => {
        await publishChange(tx, { ...base, topics: requestTopics(2_000) })
        await publishChange(tx, {
          ...base,
          userIds: Array.from({ length: 500 }, () => randomUUID()),
          topics: ['notifications'],
        })
      }),
    )
    expect(notices.length).toBeGreaterThan(2)
    for (const notice of notices) expect(bytes(notice)).toBeLessThan(MAX_NOTICE_BYTES)
    expect(JSON.parse(notices[0]!)).toEqual({ ...base, topics: ['*'] })
  })
})

describe('audits of many requests: sending and planning all of them commit', () => {
  for (const size of [200, 2_000])
    it(`${size.toLocaleString('en-US')} requests: send all, then date all, 500 at a time`, async () => {
      const admin = await signedInAdmin(t)
      const orgId = admin.user.company.id
      const project = await createProject(t, admin.cookie)
      const client = await signedInClientUser(t, orgId, project.clientId)
      const audit = await createAudit(t, admin.cookie, { projectId: project.id })
      const ids = await seedRequests(t, {
        organizationId: orgId,
        auditId: audit.id,
        count: size,
        assigneeId: client.user.id,
      })

      const sending = await during(async () => {
        const res = await t.request('POST', `/api/audits/${audit.id}/send`, {
          cookie: admin.cookie,
          body: {},
        })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json<AuditRequest[]>()).toHaveLength(size)
      })
      expect(sending.map((notice) => JSON.parse(notice) as Change)).toContainEqual({
        organizationId: orgId,
        clientId: project.clientId,
        topics: [`audit:${audit.id}`, 'my-requests'],
      })
      for (const notice of sending) expect(bytes(notice)).toBeLessThan(500)

      const dating = await during(async () => {
        for (let from = 0; from < size; from += REQUEST_LIMITS.batch) {
          const res = await t.request('PATCH', `/api/audits/${audit.id}/requests`, {
            cookie: admin.cookie,
            body: {
              requestIds: ids.slice(from, from + REQUEST_LIMITS.batch),
              dueDate: '2099-06-30',
            },
          })
          expect(res.statusCode, res.body).toBe(200)
        }
      })
      expect(dating).toHaveLength(Math.ceil(size / REQUEST_LIMITS.batch))
      for (const notice of dating) {
        expect(bytes(notice)).toBeLessThan(500)
        expect(JSON.parse(notice)).toMatchObject({ topics: [`audit:${audit.id}`, 'my-requests'] })
      }

      const [row] = await selectRows<{ sent: number; dated: number }>(
        t.app.db,
        sql`select count(*) filter (where status = 'sent')::int as sent,
          count(*) filter (where due_date = '2099-06-30')::int as dated
          from audit_requests where audit_id = ${audit.id}`,
      )
      expect(row).toEqual({ sent: size, dated: size })
      // The firm of the test before worked moments ago: on the embedded database each of these
      // five changes is followed by a pause of up to 5 s (decision 053).
    }, 60_000)
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Invitation } from '@shared/schemas/invitations'
import { INVITATION_LINK } from '../test/factories'
import { createTestApp, register, signedInAdmin, type TestApp } from '../test/harness'
import { linkIn, tokenFrom } from '../test/smtp-capture'

/**
 * Account mails anyone can trigger are capped: per address and kind, and per company for
 * invitations. Past a quota the answer is the same, the mail is not sent, and the quota is logged.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    env: { MAIL_QUOTA_PER_ADDRESS_PER_HOUR: '3', MAIL_QUOTA_PER_COMPANY_PER_HOUR: '5' },
  })
})
afterAll(async () => {
  await t?.close()
})

const HOUR = 60 * 60 * 1000
const mailsTo = async (email: string) => {
  await t.app.jobs.idle()
  return t.smtp.to(email)
}
const quotaLines = (quota: 'address' | 'company') =>
  t.logs.filter(
    (line) => line.includes('"event":"mail.quota_reached"') && line.includes(`"quota":"${quota}"`),
  ).length

describe('mail quotas', () => {
  it('forgot-password: three reset mails an hour per address, every answer alike', async () => {
    const { account } = await signedInAdmin(t)
    const before = (await mailsTo(account.email)).length
    const logged = quotaLines('address')
    const answers = []
    for (let i = 0; i < 6; i++)
      answers.push(
        await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } }),
      )
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.body}`)).size).toBe(1)
    expect((await mailsTo(account.email)).length - before).toBe(3)
    expect(quotaLines('address') - logged).toBe(3)
    // The last link that went out still works: the refused requests voided nothing.
    const token = tokenFrom(
      linkIn((await mailsTo(account.email)).at(-1)!, 'http://app.test/reset-password?token='),
    )
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'a new password' },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    // An hour later the address gets mail again.
    t.clock.advance(HOUR + 1000)
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } })
    expect((await mailsTo(account.email)).length - before).toBe(4)
  })

  it('resend-verification: the registration’s mail and two more, then nothing for an hour', async () => {
    const { account } = await register(t)
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.request('POST', '/api/auth/resend-verification', {
            body: { email: account.email },
          })
        ).statusCode,
      ).toBe(200)
    expect(await mailsTo(account.email)).toHaveLength(3)
  })

  it('invitation resends to one address: three mails an hour; past it the answer is the same, the link already mailed keeps working', async () => {
    const admin = await signedInAdmin(t)
    const email = `quota.invitee.${process.pid}@example.com`
    const created = await t.request('POST', '/api/invitations', {
      cookie: admin.cookie,
      body: { email, role: 'admin' },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json<Invitation>().id
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(
        await t.request('POST', `/api/invitations/${id}/resend`, { cookie: admin.cookie }),
      )
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(Object.keys(res.json()).sort()).toEqual(Object.keys(created.json()).sort())
    }
    const mails = await mailsTo(email)
    expect(mails).toHaveLength(3)
    const token = tokenFrom(linkIn(mails.at(-1)!, INVITATION_LINK))
    const preview = await t.request(
      'GET',
      `/api/invitations/accept?token=${encodeURIComponent(token)}`,
    )
    expect(preview.statusCode).toBe(200)
  })

  it('one company’s invitations: at most MAIL_QUOTA_PER_COMPANY_PER_HOUR mailed an hour, each still created', async () => {
    const admin = await signedInAdmin(t)
    const logged = quotaLines('company')
    const emails = Array.from(
      { length: 7 },
      (_, i) => `company.quota.${i}.${process.pid}@example.com`,
    )
    for (const email of emails) {
      const res = await t.request('POST', '/api/invitations', {
        cookie: admin.cookie,
        body: { email, role: 'admin' },
      })
      expect(res.statusCode).toBe(201)
    }
    await t.app.jobs.idle()
    expect(emails.filter((email) => t.smtp.to(email).length > 0)).toHaveLength(5)
    expect(quotaLines('company') - logged).toBe(2)
    const listed = await t.request('GET', '/api/invitations', { cookie: admin.cookie })
    expect(listed.json<Invitation[]>()).toHaveLength(7)
  })
})

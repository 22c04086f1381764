import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbKind } from '../../test/databases'
import {
  APP_URL,
  createTestApp,
  newAccount,
  register,
  signedInAdmin,
  solveCaptcha,
  type TestApp,
} from '../../test/harness'
import { accountsByEmail } from '../../test/accounts'

/**
 * Routes that take any e-mail answer before the account's work (lookup, token, mail) is done, on
 * the same path whether the account exists or not: their answer cannot time an account.
 * Shown on PostgreSQL, where another connection can hold the account's row while the request
 * runs: the answer comes back, and the mail follows once the row is free.
 */
describe.runIf(testDbKind() === 'postgres')('answers that do not wait for the account', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  /** The request's answer, or a failure if it waited for the lock (which holds for 10 s). */
  async function answerWhileLocked(lock: string, send: () => Promise<{ statusCode: number }>) {
    let answered: { statusCode: number } | undefined
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw(lock))
      answered = await Promise.race([
        send(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the answer waited for the account’s row')), 10_000),
        ),
      ])
    })
    return answered!
  }

  const post = (url: string, body: unknown) => () =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: APP_URL, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })

  it('forgot-password answers while the account is locked; the reset mail comes after', async () => {
    const { account } = await signedInAdmin(t)
    const before = t.smtp.to(account.email).length
    const [row] = await accountsByEmail(t.app.db, account.email)
    const res = await answerWhileLocked(
      `select id from users where id = '${row!.id}' for update`,
      post('/api/auth/forgot-password', { email: account.email }),
    )
    expect(res.statusCode).toBe(200)
    const mail = await t.smtp.waitFor(account.email, before)
    expect(mail.subject).toMatch(/reset/i)
  })

  it('resend-verification answers while the account is locked; the new link comes after', async () => {
    const { account } = await register(t)
    const before = t.smtp.to(account.email).length
    const [row] = await accountsByEmail(t.app.db, account.email)
    const res = await answerWhileLocked(
      `select id from users where id = '${row!.id}' for update`,
      post('/api/auth/resend-verification', { email: account.email }),
    )
    expect(res.statusCode).toBe(200)
    expect((await t.smtp.waitFor(account.email, before)).subject).toMatch(/verify/i)
  })

  it('register answers while no account can be created; the verification mail comes after', async () => {
    const account = newAccount()
    const captchaToken = await solveCaptcha(t)
    const res = await answerWhileLocked(
      'lock table users in share mode',
      post('/api/auth/register', { ...account, captchaToken }),
    )
    expect(res.statusCode).toBe(201)
    expect((await t.smtp.waitFor(account.email)).subject).toMatch(/verify/i)
  })
})

import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

it('registers, verifies, signs in and reads /me', async () => {
  const { cookie, account } = await signedInAdmin(t)
  const me = await t.request('GET', '/api/auth/me', { cookie })
  expect(me.statusCode).toBe(200)
  expect(me.json()).toMatchObject({ email: account.email, role: 'admin', company: { name: account.companyName } })
})

import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { secretBox } from './secret-box'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

it('opens what it sealed; another key, or a changed byte, does not open', async () => {
  const box = secretBox(t.app.db, 'a configured key of at least thirty-two characters')
  const sealed = await box.seal('JBSWY3DPEHPK3PXP')
  expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
  expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
  // A fresh IV each time: the same secret never seals the same way twice.
  expect(await box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed)
  expect(await box.open(sealed)).toBe('JBSWY3DPEHPK3PXP')

  const other = secretBox(t.app.db, 'another configured key, also thirty-two characters')
  await expect(other.open(sealed)).rejects.toThrow()
  const parts = sealed.split('.')
  const body = Buffer.from(parts[3]!, 'base64url')
  body[0] = body[0]! ^ 1
  parts[3] = body.toString('base64url')
  await expect(box.open(parts.join('.'))).rejects.toThrow()
  await expect(box.open('not sealed')).rejects.toThrow('not a sealed secret')
})

it('unconfigured, every instance on the database uses the one key generated there', async () => {
  const sealed = await secretBox(t.app.db, undefined).seal('shared secret')
  expect(await secretBox(t.app.db, undefined).open(sealed)).toBe('shared secret')
})

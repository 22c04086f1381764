import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'

let t: TestApp
let webDir: string
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-web-'))
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>t</title>')
  await writeFile(path.join(webDir, 'app.js'), 'export {}')
  t = await createTestApp({ env: { RATE_LIMIT_GLOBAL_PER_MINUTE: '3' }, webDir })
})
afterAll(async () => {
  await t?.close()
  await rm(webDir, { recursive: true, force: true })
})

it('limits API requests per IP with 429 and Retry-After', async () => {
  const statuses = []
  for (let i = 0; i < 4; i++) statuses.push((await t.request('GET', '/api/config')).statusCode)
  expect(statuses).toEqual([200, 200, 200, 429])
  const limited = await t.request('GET', '/api/config')
  expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
})

it('never limits pages and static assets, which a single page load fetches by the dozen', async () => {
  for (let i = 0; i < 10; i++) {
    expect((await t.request('GET', '/app.js')).statusCode).toBe(200)
    expect((await t.request('GET', '/clients')).statusCode).toBe(200)
  }
})

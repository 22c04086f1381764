import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'

describe('the access log', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('writes one line per answered request, with its path but never its query', async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' } })
    const before = t.logs.length
    const res = await t.app.inject({ method: 'GET', url: '/api/health?token=secret-token' })
    expect(res.statusCode).toBe(200)
    const lines = t.logs
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId !== undefined)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
    })
    expect(typeof lines[0]!.responseTime).toBe('number')
    expect(t.logs.slice(before).join('\n')).not.toContain('secret-token')
  })
})

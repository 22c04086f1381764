import { authApi } from '@shared/api/auth'
import { requestsApi } from '@shared/api/requests'
import { endpoint } from '@shared/api/route'
import { describe, expect, test } from 'vitest'
import { call } from '@/lib/api'
import { answer } from './api'
import { aRequest, aRequestDetail } from './fixtures'
import { server } from './server'

describe('the fixtures and the contract', () => {
  test('a builder refuses what the server could not send', () => {
    expect(() => aRequest({ status: 'lost' as never })).toThrow()
    expect(() => aRequestDetail({ allowedActions: ['fly'] as never })).toThrow()
  })

  test('the client refuses a reply that breaks the shared schema', async () => {
    const request = aRequestDetail()
    server.use(answer(requestsApi.get, { ...request, allowedActions: ['fly'] } as never))
    await expect(call(requestsApi.get, { params: { id: request.id } })).rejects.toThrow(
      /does not match shared\/api/,
    )
  })

  test('an endpoint (method and path only, as the public pages call) is checked the same way', async () => {
    const me = endpoint<typeof authApi.me>('GET', '/api/auth/me')
    server.use(answer(authApi.me, { id: 'not-a-user' } as never))
    await expect(call(me)).rejects.toThrow(/GET \/api\/auth\/me does not match shared\/api/)
  })
})

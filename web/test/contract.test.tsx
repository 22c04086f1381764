import { requestsApi } from '@shared/api/requests'
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
})

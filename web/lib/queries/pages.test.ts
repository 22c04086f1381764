import { describe, expect, it } from 'vitest'
import type { MyRequest, MyRequests } from '@shared/schemas/requests'
import { nextCursorOf } from '../api-pages'
import { mergeAuditGroups } from './requests'

describe('nextCursorOf', () => {
  it('reads the cursor of the Link header’s next page', () => {
    expect(nextCursorOf('</api/clients?q=acme&cursor=eyJrIjoxfQ>; rel="next"')).toBe('eyJrIjoxfQ')
  })

  it('is null without a Link header or without a next page', () => {
    expect(nextCursorOf(null)).toBeNull()
    expect(nextCursorOf('</api/clients?cursor=a>; rel="prev"')).toBeNull()
  })
})

describe('mergeAuditGroups', () => {
  const audit = (id: string) => ({ id, name: id, dueDate: null, projectId: 'p', projectName: 'P' })
  const request = (id: string) => ({ id }) as MyRequest

  it('joins an audit that goes on at the start of the next page, and keeps the others apart', () => {
    const pages: MyRequests[] = [
      [
        { audit: audit('a'), requests: [request('1')] },
        { audit: audit('b'), requests: [request('2')] },
      ],
      [
        { audit: audit('b'), requests: [request('3')] },
        { audit: audit('c'), requests: [request('4')] },
      ],
    ]

    expect(
      mergeAuditGroups(pages).map((group) => [group.audit.id, group.requests.map((r) => r.id)]),
    ).toEqual([
      ['a', ['1']],
      ['b', ['2', '3']],
      ['c', ['4']],
    ])
  })
})

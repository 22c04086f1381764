import { describe, expect, it } from 'vitest'
import { REQUEST_STATUSES, type RequestStatus } from '@shared/schemas/requests'
import {
  checkTransition,
  editableStatuses,
  refusedMessage,
  TRANSITIONS,
  type RequestTransition,
  type Role,
} from './request-state'

/** The whole table, written out: who may do what from where, and where it leads. */
const allowed: Record<RequestTransition, { role: Role; from: RequestStatus[]; to: RequestStatus }> =
  {
    send: { role: 'admin', from: ['draft'], to: 'sent' },
    submit: { role: 'client', from: ['sent', 'returned'], to: 'submitted' },
    accept: { role: 'admin', from: ['submitted'], to: 'accepted' },
    return: { role: 'admin', from: ['submitted'], to: 'returned' },
    not_applicable: {
      role: 'admin',
      from: ['draft', 'sent', 'submitted', 'returned'],
      to: 'not_applicable',
    },
  }
const ROLES: Role[] = ['admin', 'client']

describe('request state machine', () => {
  it('knows exactly these transitions', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual(Object.keys(allowed).sort())
  })

  for (const [transition, rule] of Object.entries(allowed) as Array<
    [RequestTransition, (typeof allowed)[RequestTransition]]
  >) {
    for (const role of ROLES) {
      for (const status of REQUEST_STATUSES) {
        const expected =
          role !== rule.role ? 'forbidden' : rule.from.includes(status) ? 'ok' : 'conflict'
        it(`${transition} by ${role} from ${status} → ${expected}`, () => {
          const result = checkTransition(transition, role, status)
          if (expected === 'ok') {
            expect(result).toEqual({ ok: true, to: rule.to })
          } else {
            expect(result).toMatchObject({ ok: false, refusal: expected })
          }
        })
      }
    }
  }

  it('a refusal names the current status', () => {
    expect(refusedMessage('submit', 'accepted')).toBe(
      'This request is accepted: it cannot be submitted',
    )
    expect(refusedMessage('accept', 'not_applicable')).toBe(
      'This request is not applicable: it cannot be accepted',
    )
    for (const status of REQUEST_STATUSES) {
      const result = checkTransition('accept', 'admin', status)
      if (!result.ok) expect(result.message).toContain(`is ${status.replace('_', ' ')}`)
    }
  })

  it('nobody submits an accepted request; a client accepts, returns, sends nothing', () => {
    for (const role of ROLES) expect(checkTransition('submit', role, 'accepted').ok).toBe(false)
    for (const status of REQUEST_STATUSES)
      for (const transition of ['accept', 'return', 'send', 'not_applicable'] as const)
        expect(checkTransition(transition, 'client', status)).toMatchObject({
          ok: false,
          refusal: 'forbidden',
        })
  })

  it('content edits are for drafts; assignee and due date until accepted or not applicable', () => {
    expect(editableStatuses(['title'])).toEqual(['draft'])
    expect(editableStatuses(['dueDate', 'position'])).toEqual(['draft'])
    expect(editableStatuses(['assigneeId', 'dueDate'])).toEqual([
      'draft',
      'sent',
      'submitted',
      'returned',
    ])
  })
})

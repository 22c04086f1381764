import { describe, expect, it } from 'vitest'
import { REQUEST_ACTIONS, type RequestAction } from '@shared/access'
import { REQUEST_RULES, refusedMessage } from '@shared/request-rules'
import { AUDIT_LOCKED_MESSAGE, type AuditStatus } from '@shared/schemas/audits'
import type { Role } from '@shared/schemas/auth'
import { REQUEST_STATUSES, type ClientAsk, type RequestStatus } from '@shared/schemas/requests'
import { auditActions, capabilitiesOf, decide, fileActions, requestActions } from './can'
import { ROLE_PERMISSIONS } from '../test/factories'
import type { Principal } from './principal'

const principal = (role: Role): Principal => ({
  userId: `${role}-id`,
  organizationId: 'org',
  role,
  clientId: role === 'client' ? 'client-id' : null,
  name: role,
})
const ROLES: Role[] = ['admin', 'staff', 'client']

/** Written out in full, apart from the rules: who holds what. */
const capabilities = ROLE_PERMISSIONS

const firm = ['admin', 'staff'] as const
const open: RequestStatus[] = ['draft', 'sent', 'submitted', 'returned']
/** Who may take each action from which statuses, and (for transitions) where it leads. */
const expected: Record<
  RequestAction,
  { roles: readonly Role[]; from: readonly RequestStatus[]; to?: RequestStatus; asked?: ClientAsk }
> = {
  edit: { roles: firm, from: ['draft'] },
  reword: { roles: firm, from: ['sent', 'submitted', 'returned'] },
  plan: { roles: firm, from: open },
  move: { roles: firm, from: ['draft'] },
  delete: { roles: firm, from: ['draft'] },
  send: { roles: firm, from: ['draft'], to: 'sent' },
  submit: { roles: ['client'], from: ['sent', 'returned'], to: 'submitted' },
  upload: { roles: ['client'], from: ['sent', 'returned'] },
  accept: { roles: firm, from: ['submitted'], to: 'accepted' },
  reopen: { roles: firm, from: ['accepted'], to: 'submitted' },
  return: { roles: firm, from: ['submitted'], to: 'returned' },
  not_applicable: { roles: firm, from: open, to: 'not_applicable' },
  propose_not_applicable: { roles: ['client'], from: ['sent', 'returned'] },
  ask: { roles: ['client'], from: ['sent', 'returned'] },
  decide_proposal: {
    roles: firm,
    from: ['sent', 'returned'],
    to: 'not_applicable',
    asked: 'not_applicable',
  },
  comment: { roles: ROLES, from: REQUEST_STATUSES },
  internal_note: { roles: firm, from: REQUEST_STATUSES },
}

describe('capabilities', () => {
  for (const role of ROLES)
    it(`${role}: ${capabilities[role].join(', ')}`, () => {
      expect(capabilitiesOf(principal(role))).toEqual(capabilities[role])
    })
})

describe('request actions', () => {
  it('the rules table knows exactly these actions and transitions', () => {
    expect(Object.keys(REQUEST_RULES).sort()).toEqual([...REQUEST_ACTIONS].sort())
    for (const action of REQUEST_ACTIONS)
      expect((REQUEST_RULES[action] as { to?: string }).to).toBe(expected[action].to)
  })

  for (const action of REQUEST_ACTIONS)
    for (const role of ROLES)
      for (const status of REQUEST_STATUSES) {
        const rule = expected[action]
        const verdict = !rule.roles.includes(role)
          ? 'forbidden'
          : rule.from.includes(status)
            ? 'allowed'
            : 'conflict'
        it(`${action} by ${role} on a ${status} request → ${verdict}`, () => {
          const facts = {
            status,
            clientAsk: rule.asked ?? null,
            auditStatus: 'in_progress' as const,
          }
          const result = decide(principal(role), `request.${action}`, facts)
          if (verdict === 'allowed') expect(result).toEqual({ allowed: true })
          else expect(result).toMatchObject({ allowed: false, refusal: verdict })
          expect(requestActions(principal(role), facts).includes(action)).toBe(
            verdict === 'allowed',
          )
        })
      }

  it('a refusal in the wrong status names the status and what cannot be done', () => {
    expect(refusedMessage('submit', 'accepted')).toBe(
      'This request is accepted: it cannot be submitted',
    )
    expect(refusedMessage('accept', 'not_applicable')).toBe(
      'This request is not applicable: it cannot be accepted',
    )
    expect(
      decide(principal('staff'), 'request.delete', {
        status: 'sent',
        clientAsk: null,
        auditStatus: 'in_progress',
      }),
    ).toEqual({
      allowed: false,
      refusal: 'conflict',
      message: 'This request is sent: only drafts can be deleted',
    })
    expect(
      decide(principal('client'), 'request.accept', {
        status: 'submitted',
        clientAsk: null,
        auditStatus: 'in_progress',
      }),
    ).toEqual({
      allowed: false,
      refusal: 'forbidden',
      message: 'You do not have permission to do this',
    })
  })

  it('the firm decides a proposal only while the client has one waiting', () => {
    for (const clientAsk of [null, 'question'] as const)
      expect(
        decide(principal('staff'), 'request.decide_proposal', {
          status: 'sent',
          clientAsk,
          auditStatus: 'in_progress',
        }),
      ).toEqual({
        allowed: false,
        refusal: 'conflict',
        message: 'The client has not proposed this request as not applicable',
      })
    expect(
      decide(principal('staff'), 'request.decide_proposal', {
        status: 'returned',
        clientAsk: 'not_applicable',
        auditStatus: 'in_progress',
      }),
    ).toEqual({ allowed: true })
  })
})

describe('audit actions', () => {
  const open = { status: 'in_progress' } as const
  const completed = { status: 'completed' } as const

  it('every audit action is the firm’s; a client user reads audits only', () => {
    expect(auditActions(principal('staff'), open)).toEqual(auditActions(principal('admin'), open))
    expect(auditActions(principal('staff'), open)).toContain('edit_team')
    expect(auditActions(principal('client'), open)).toEqual([])
    expect(auditActions(principal('client'), completed)).toEqual([])
  })

  it('a completed audit is locked: exports and a roll-forward stay, and only an admin reopens it', () => {
    expect(auditActions(principal('staff'), open)).toContain('complete')
    expect(auditActions(principal('staff'), open)).not.toContain('reopen')
    expect(auditActions(principal('staff'), completed)).toEqual(['export', 'roll_forward'])
    expect(auditActions(principal('admin'), completed)).toEqual([
      'export',
      'reopen',
      'roll_forward',
    ])
    expect(decide(principal('staff'), 'audit.reopen', completed)).toMatchObject({
      refusal: 'forbidden',
      message: 'Only an admin can reopen a completed audit',
    })
    expect(decide(principal('admin'), 'audit.edit', completed)).toEqual({
      allowed: false,
      refusal: 'conflict',
      message: AUDIT_LOCKED_MESSAGE,
    })
  })

  it('no request of a completed audit can be acted on, whoever asks', () => {
    for (const role of ROLES)
      for (const status of REQUEST_STATUSES)
        expect(
          requestActions(principal(role), { status, clientAsk: null, auditStatus: 'completed' }),
        ).toEqual([])
    expect(
      decide(principal('client'), 'request.submit', {
        status: 'sent',
        clientAsk: null,
        auditStatus: 'completed',
      }),
    ).toEqual({ allowed: false, refusal: 'conflict', message: AUDIT_LOCKED_MESSAGE })
  })
})

describe('file actions', () => {
  const file = (over: Partial<Parameters<typeof fileActions>[1]> = {}) => ({
    uploadedById: 'client-id',
    versionSubmitted: false,
    requestStatus: 'sent' as RequestStatus,
    auditStatus: 'in_progress' as AuditStatus,
    ...over,
  })
  const client = principal('client')

  it('the uploader removes their file while the answer is being prepared', () => {
    expect(fileActions(client, file())).toEqual(['remove'])
    expect(fileActions(client, file({ requestStatus: 'returned' }))).toEqual(['remove'])
    expect(fileActions(client, file({ auditStatus: 'completed' }))).toEqual([])
  })

  it('not someone else’s file, not once submitted, never the firm', () => {
    expect(decide(client, 'file.remove', file({ uploadedById: 'someone' }))).toMatchObject({
      refusal: 'forbidden',
      message: 'Only the person who uploaded a file can remove it',
    })
    expect(decide(client, 'file.remove', file({ versionSubmitted: true }))).toMatchObject({
      refusal: 'conflict',
    })
    expect(decide(client, 'file.remove', file({ requestStatus: 'submitted' }))).toMatchObject({
      refusal: 'conflict',
    })
    for (const role of firm)
      expect(fileActions(principal(role), file({ uploadedById: `${role}-id` }))).toEqual([])
  })
})

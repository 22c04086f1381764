import {
  AUDIT_ACTIONS,
  CAPABILITIES,
  FILE_ACTIONS,
  REQUEST_ACTIONS,
  type AuditAction,
  type Capability,
  type FileAction,
  type RequestAction,
} from '@shared/access'
import { AWAITING_CLIENT, REQUEST_RULES, refusedMessage } from '@shared/request-rules'
import type { Role } from '@shared/schemas/auth'
import { AUDIT_LOCKED_MESSAGE, type AuditStatus } from '@shared/schemas/audits'
import type { ClientAsk, RequestStatus } from '@shared/schemas/requests'
import { AppError } from '../lib/errors'
import type { Principal } from './principal'

/**
 * The one place that decides what a user may do: which capabilities a role holds, and what may be
 * done with one request, audit or file. Routes name the capability they need (checked before the
 * request is read); services ask again with the resource in hand; replies carry `allowedActions`
 * from here, so the interface shows exactly what the server would allow.
 */

const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES.filter((capability) => capability !== 'requests.answer'),
  staff: ['workspace.read', 'engagements.manage', 'templates.read'],
  client: ['workspace.read', 'requests.answer'],
}

/** What is known of a request when deciding (the caller can see it). */
export interface RequestFacts {
  status: RequestStatus
  /** What its client has put to the firm, if anything. */
  clientAsk: ClientAsk | null
  /** Its audit's status: a completed audit is locked. */
  auditStatus: AuditStatus
}

/** What is known of an audit when deciding. */
export interface AuditFacts {
  status: AuditStatus
}

/** What is known of a file: who uploaded it, whether its version went out, its request's status. */
export interface FileFacts {
  uploadedById: string | null
  versionSubmitted: boolean
  requestStatus: RequestStatus
  auditStatus: AuditStatus
}

export type Verdict =
  { allowed: true } | { allowed: false; refusal: 'forbidden' | 'conflict'; message: string }

const ALLOWED: Verdict = { allowed: true }
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this'
const forbidden = (message = FORBIDDEN_MESSAGE): Verdict => ({
  allowed: false,
  refusal: 'forbidden',
  message,
})

export const hasCapability = (principal: Pick<Principal, 'role'>, capability: Capability) =>
  ROLE_CAPABILITIES[principal.role].includes(capability)

/** The capabilities of the principal's role, in the order of CAPABILITIES. */
export const capabilitiesOf = (principal: Pick<Principal, 'role'>): Capability[] =>
  CAPABILITIES.filter((capability) => hasCapability(principal, capability))

/** Every change to a completed audit, its requests, their answers, files and discussion. */
const LOCKED: Verdict = { allowed: false, refusal: 'conflict', message: AUDIT_LOCKED_MESSAGE }

function requestVerdict(principal: Principal, action: RequestAction, request: RequestFacts) {
  const rule = REQUEST_RULES[action]
  if (!hasCapability(principal, rule.needs)) return forbidden()
  if (request.auditStatus === 'completed') return LOCKED
  const when: readonly RequestStatus[] = rule.when
  if (!when.includes(request.status))
    return {
      allowed: false,
      refusal: 'conflict',
      message: refusedMessage(action, request.status),
    } satisfies Verdict
  const asked: { ask: ClientAsk; refusal: string } | undefined =
    'asked' in rule ? rule.asked : undefined
  if (asked && request.clientAsk !== asked.ask)
    return { allowed: false, refusal: 'conflict', message: asked.refusal } satisfies Verdict
  return ALLOWED
}

function fileVerdict(principal: Principal, _action: FileAction, file: FileFacts): Verdict {
  if (!hasCapability(principal, 'requests.answer'))
    return forbidden('Only the client’s users attach files to a request')
  if (file.uploadedById !== principal.userId)
    return forbidden('Only the person who uploaded a file can remove it')
  if (file.auditStatus === 'completed') return LOCKED
  if (file.versionSubmitted || !AWAITING_CLIENT.includes(file.requestStatus))
    return {
      allowed: false,
      refusal: 'conflict',
      message: 'This file was submitted: it can no longer be removed',
    }
  return ALLOWED
}

function auditVerdict(principal: Principal, action: AuditAction, audit: AuditFacts): Verdict {
  // Every audit action is the firm's: a client user reads audits and acts on requests only.
  if (!hasCapability(principal, 'engagements.manage')) return forbidden()
  const completed = audit.status === 'completed'
  if (action === 'reopen') {
    if (!hasCapability(principal, 'company.manage'))
      return forbidden('Only an admin can reopen a completed audit')
    return completed
      ? ALLOWED
      : { allowed: false, refusal: 'conflict', message: 'This audit is not completed' }
  }
  if (action === 'export' || action === 'roll_forward') return ALLOWED
  return completed ? LOCKED : ALLOWED
}

type Decision =
  | [action: Capability]
  | [action: `request.${RequestAction}`, request: RequestFacts]
  | [action: `audit.${AuditAction}`, audit: AuditFacts]
  | [action: `file.${FileAction}`, file: FileFacts]

/** Whether the principal may take the action, and if not, the refusal the API answers with. */
export function decide(principal: Principal, ...[action, resource]: Decision): Verdict {
  const [kind, name] = action.split('.') as [string, string]
  if (kind === 'request')
    return requestVerdict(principal, name as RequestAction, resource as RequestFacts)
  if (kind === 'file') return fileVerdict(principal, name as FileAction, resource as FileFacts)
  if (kind === 'audit') return auditVerdict(principal, name as AuditAction, resource as AuditFacts)
  return hasCapability(principal, action as Capability) ? ALLOWED : forbidden()
}

export const can = (principal: Principal, ...decision: Decision) =>
  decide(principal, ...decision).allowed

/** Throws the refusal as the API's error (403, or 409 naming the status). */
export function authorize(principal: Principal, ...decision: Decision) {
  const verdict = decide(principal, ...decision)
  if (!verdict.allowed)
    throw new AppError(verdict.refusal === 'forbidden' ? 'FORBIDDEN' : 'CONFLICT', verdict.message)
}

export const requestActions = (principal: Principal, request: RequestFacts) =>
  REQUEST_ACTIONS.filter((action) => can(principal, `request.${action}`, request))

export const auditActions = (principal: Principal, audit: AuditFacts) =>
  AUDIT_ACTIONS.filter((action) => can(principal, `audit.${action}`, audit))

export const fileActions = (principal: Principal, file: FileFacts) =>
  FILE_ACTIONS.filter((action) => can(principal, `file.${action}`, file))

/**
 * What a role may do across its company. Which role holds which capability, and what may be done
 * with one request, audit or file, is decided on the server by one `can()` module
 * (server/access/can.ts); the interface shows what the server allows (`permissions` on the
 * signed-in user, `allowedActions` on requests, audits and files) and re-derives nothing.
 */
export const CAPABILITIES = [
  /** The dashboard, projects, audits and requests the caller may see (a client user: their client's). */
  'workspace.read',
  /** Clients, projects, audits; drafting, sending and reviewing requests; exports. */
  'engagements.manage',
  'templates.read',
  /** Templates, their items and categories. */
  'templates.manage',
  /** The company's settings, users and invitations. */
  'company.manage',
  /** A client user's side of requests: My requests, answers and files. */
  'requests.answer',
] as const
export type Capability = (typeof CAPABILITIES)[number]

/** Who may call an API route: anyone, any signed-in user, or a user with a capability. */
export type Access = 'public' | 'signed-in' | Capability

/** What may be done with one request (`allowedActions` on every request in a reply). */
export const REQUEST_ACTIONS = [
  'edit',
  'reword',
  'plan',
  'move',
  'delete',
  'send',
  'submit',
  'upload',
  'accept',
  'reopen',
  'return',
  'not_applicable',
  'propose_not_applicable',
  'ask',
  'decide_proposal',
  'comment',
  'internal_note',
] as const
export type RequestAction = (typeof REQUEST_ACTIONS)[number]

/** What may be done with one audit (`allowedActions` on every audit in a reply). */
export const AUDIT_ACTIONS = [
  'edit',
  'delete',
  'add_requests',
  'plan_requests',
  'send_requests',
  'export',
  'edit_team',
  /** Locks it: nothing of it changes until an admin reopens it (exports stay). */
  'complete',
  'reopen',
  /** A new audit from this one: its requests as drafts, due dates moved (a completed one too). */
  'roll_forward',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What may be done with one uploaded file. */
export const FILE_ACTIONS = ['remove'] as const
export type FileAction = (typeof FILE_ACTIONS)[number]

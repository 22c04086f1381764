import type { Role } from '@shared/schemas/auth'
import {
  currentUser,
  publicConfig,
  type CurrentUser,
  type PublicConfig,
} from '@shared/schemas/auth'
import { auditDetailDto, type AuditDetail, type TeamMember } from '@shared/schemas/audits'
import {
  assigneeDto,
  commentDto,
  requestDetailDto,
  requestDto,
  requestFileDto,
  requestListDto,
  requestVersionDto,
  type Assignee,
  type AuditRequest,
  type RequestComment,
  type RequestDetail,
  type RequestFile,
  type RequestList,
  type RequestVersion,
} from '@shared/schemas/requests'
import type { Capability } from '@shared/access'
import { clientDto, type Client } from '@shared/schemas/clients'
import { projectDto, type Project } from '@shared/schemas/projects'

// Builders of what the API answers, typed by the shared types and parsed by the shared schemas:
// a fixture the real server could not send fails here, before the client (which checks replies
// in tests too) would refuse it.

let sequence = 0
/** A fresh, valid UUID (v4 layout), different on each call. */
export function anId() {
  sequence += 1
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`
}

const NOW = '2026-03-02T10:00:00.000Z'

/** What each role may do, as `GET /api/auth/me` says (server/access/can.ts decides it). */
const PERMISSIONS: Record<Role, Capability[]> = {
  admin: [
    'workspace.read',
    'engagements.manage',
    'templates.read',
    'templates.manage',
    'company.manage',
  ],
  staff: ['workspace.read', 'engagements.manage', 'templates.read'],
  client: ['workspace.read', 'requests.answer'],
}

export function aUser(overrides: Partial<CurrentUser> & { role?: Role } = {}): CurrentUser {
  const role = overrides.role ?? 'admin'
  return currentUser.parse({
    id: anId(),
    firstName: role === 'client' ? 'Grace' : 'Margaret',
    lastName: role === 'client' ? 'Hopper' : 'Hamilton',
    email: role === 'client' ? 'grace@example.com' : 'margaret@example.com',
    role,
    clientId: role === 'client' ? anId() : null,
    company: { id: anId(), name: 'Hamilton Assurance LLP' },
    permissions: PERMISSIONS[role],
    ...overrides,
  })
}

export function aTeamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  const id = overrides.id ?? anId()
  return { id, name: 'Margaret Hamilton', email: `${id.slice(-4)}@example.com`, ...overrides }
}

export function anAudit(overrides: Partial<AuditDetail> = {}): AuditDetail {
  return auditDetailDto.parse({
    id: anId(),
    name: 'FY2026 audit',
    description: null,
    projectId: anId(),
    status: 'in_progress',
    dueDate: null,
    lead: null,
    allowedActions: [],
    members: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

export function aRequest(overrides: Partial<AuditRequest> = {}): AuditRequest {
  return requestDto.parse({
    id: anId(),
    auditId: anId(),
    number: 1,
    position: 0,
    title: 'Signed engagement letter',
    description: null,
    documentRequired: false,
    responseRequired: false,
    status: 'draft',
    assigneeId: null,
    assigneeName: null,
    dueDate: null,
    overdue: false,
    sentAt: null,
    submittedAt: null,
    acceptedAt: null,
    notApplicableReason: null,
    allowedActions: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

export function aFile(overrides: Partial<RequestFile> = {}): RequestFile {
  return requestFileDto.parse({
    id: anId(),
    fileName: 'engagement-letter.pdf',
    contentType: 'application/pdf',
    sizeBytes: 2048,
    sha256: 'a'.repeat(64),
    uploadedBy: 'Grace Hopper',
    uploadedById: anId(),
    createdAt: NOW,
    allowedActions: [],
    ...overrides,
  })
}

export function aVersion(overrides: Partial<RequestVersion> = {}): RequestVersion {
  return requestVersionDto.parse({
    id: anId(),
    number: 1,
    response: null,
    submittedBy: 'Grace Hopper',
    submittedAt: NOW,
    returnedReason: null,
    returnedBy: null,
    returnedAt: null,
    files: [],
    ...overrides,
  })
}

export function aRequestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return requestDetailDto.parse({
    ...aRequest(),
    auditName: 'FY2026 audit',
    versions: [],
    history: [],
    ...overrides,
  })
}

export function aRequestList(requests: AuditRequest[]): RequestList {
  const counted = requests.filter((request) => request.status !== 'not_applicable')
  return requestListDto.parse({
    progress: {
      accepted: counted.filter((request) => request.status === 'accepted').length,
      total: counted.length,
    },
    requests,
  })
}

export function aComment(overrides: Partial<RequestComment> = {}): RequestComment {
  return commentDto.parse({
    id: anId(),
    authorId: anId(),
    authorName: 'Margaret Hamilton',
    body: 'Please say which standard applies.',
    internal: false,
    createdAt: NOW,
    ...overrides,
  })
}

export function anAssignee(overrides: Partial<Assignee> = {}): Assignee {
  return assigneeDto.parse({
    id: anId(),
    name: 'Grace Hopper',
    email: 'grace@example.com',
    ...overrides,
  })
}

export function aPublicConfig(uploads: Partial<PublicConfig['uploads']> = {}): PublicConfig {
  return publicConfig.parse({
    captcha: { provider: 'altcha', challengeUrl: '/api/auth/captcha' },
    uploads: { maxFileBytes: 2 * 1024 * 1024, maxFilesPerRequest: 20, ...uploads },
  })
}

export function aClient(overrides: Partial<Client> = {}): Client {
  return clientDto.parse({
    id: anId(),
    name: 'Acme Corporation',
    email: null,
    phone: null,
    address: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

export function aProject(overrides: Partial<Project> = {}): Project {
  return projectDto.parse({
    id: anId(),
    name: 'Annual Review',
    description: null,
    clientId: anId(),
    clientName: 'Acme Corporation',
    status: 'active',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

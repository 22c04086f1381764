import type { Role } from '@shared/schemas/auth'
import {
  currentUser,
  publicConfig,
  type CurrentUser,
  type PublicConfig,
} from '@shared/schemas/auth'
import {
  auditDetailDto,
  auditListItemDto,
  type AuditDetail,
  type AuditListItem,
  type TeamMember,
} from '@shared/schemas/audits'
import {
  assigneeDto,
  commentDto,
  requestDetailDto,
  requestDto,
  requestFileDto,
  requestListDto,
  requestVersionDto,
  REQUEST_STATUSES,
  type Assignee,
  type AuditRequest,
  type MyRequest,
  type RequestComment,
  type RequestDetail,
  type RequestFile,
  type RequestList,
  type RequestVersion,
} from '@shared/schemas/requests'
import type { Capability } from '@shared/access'
import { WHOSE_MOVE } from '@shared/request-rules'
import { clientDto, type Client } from '@shared/schemas/clients'
import { invitationDto, type Invitation } from '@shared/schemas/invitations'
import { organizationDto, type Organization } from '@shared/schemas/organization'
import { auditReportDto, OVERDUE_AGING, type AuditReport } from '@shared/schemas/reports'
import { userDto, type User } from '@shared/schemas/users'
import { projectListItemDto, type ProjectListItem } from '@shared/schemas/projects'
import { templateDto, type Template } from '@shared/schemas/templates'
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationDto,
  notificationPageDto,
  notificationPreferencesDto,
  reminderPolicyDto,
  type Notification,
  type NotificationPage,
  type NotificationPreferences,
  type ReminderPolicy,
} from '@shared/schemas/reminders'

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
    company: { id: anId(), name: 'Hamilton Assurance LLP', dateFormat: 'month-first' },
    permissions: PERMISSIONS[role],
    mfaSetupRequired: false,
    ...overrides,
  })
}

export function aTeamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  const id = overrides.id ?? anId()
  return { id, name: 'Margaret Hamilton', email: `${id.slice(-4)}@example.com`, ...overrides }
}

export function anAudit(overrides: Partial<AuditDetail> = {}): AuditDetail {
  const projectId = overrides.projectId ?? anId()
  return auditDetailDto.parse({
    id: anId(),
    name: 'FY2026 audit',
    description: null,
    projectId,
    project: { id: projectId, name: 'Annual Review 2026' },
    client: { id: anId(), name: 'Northwind Traders' },
    status: 'in_progress',
    dueDate: null,
    lead: null,
    remindersPaused: false,
    allowedActions: [],
    members: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

/** An audit as its project's list shows it, with its progress (nothing yet unless said). */
export function anAuditListItem(overrides: Partial<AuditListItem> = {}): AuditListItem {
  const {
    members: _members,
    project: _project,
    client: _client,
    ...audit
  } = anAudit(overrides.projectId ? { projectId: overrides.projectId } : {})
  return auditListItemDto.parse({ ...audit, progress: { accepted: 0, total: 0 }, ...overrides })
}

export function aRequest(overrides: Partial<AuditRequest> = {}): AuditRequest {
  const status = overrides.status ?? 'draft'
  return requestDto.parse({
    id: anId(),
    auditId: anId(),
    number: 1,
    position: 'a0',
    title: 'Signed engagement letter',
    description: null,
    section: null,
    reference: null,
    documentRequired: false,
    responseRequired: false,
    answerType: 'text',
    choices: null,
    status: 'draft',
    assigneeId: null,
    assigneeName: null,
    dueDate: null,
    overdue: false,
    // As the server derives it from the status, unless a test says otherwise.
    whoseMove: WHOSE_MOVE[status],
    clientAsk: null,
    remindersPaused: false,
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
    answerType: 'text',
    answer: null,
    signature: null,
    submittedBy: 'Grace Hopper',
    submittedAt: NOW,
    returnedReason: null,
    returnedBy: null,
    returnedAt: null,
    files: [],
    ...overrides,
  })
}

/** One of a client user's requests (My requests), nothing started unless said. */
export function aMyRequest(
  overrides: Partial<AuditRequest> & { inProgress?: MyRequest['inProgress'] } = {},
): MyRequest {
  const { inProgress = { draftSaved: false, filesAttached: 0 }, ...request } = overrides
  return { ...aRequest(request), inProgress }
}

export function aRequestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return requestDetailDto.parse({
    ...aRequest({ status: overrides.status ?? 'draft' }),
    auditName: 'FY2026 audit',
    project: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Year-end 2026' },
    client: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Acme Ltd' },
    versions: [],
    history: [],
    previous: null,
    ...overrides,
  })
}

export function aRequestList(requests: Array<AuditRequest & { fileCount?: number }>): RequestList {
  const counted = requests.filter((request) => request.status !== 'not_applicable')
  return requestListDto.parse({
    progress: {
      accepted: counted.filter((request) => request.status === 'accepted').length,
      total: counted.length,
    },
    counts: Object.fromEntries(
      REQUEST_STATUSES.map((status) => [
        status,
        requests.filter((request) => request.status === status).length,
      ]),
    ),
    matching: requests.length,
    requests: requests.map((request) => ({ fileCount: 0, ...request })),
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

/** A project as a list shows it (with its progress: nothing yet unless said); a Project too. */
export function aProject(overrides: Partial<ProjectListItem> = {}): ProjectListItem {
  return projectListItemDto.parse({
    id: anId(),
    name: 'Annual Review',
    description: null,
    clientId: anId(),
    clientName: 'Acme Corporation',
    status: 'active',
    progress: { accepted: 0, total: 0 },
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

export function aTemplate(overrides: Partial<Template> = {}): Template {
  return templateDto.parse({
    id: anId(),
    name: 'Year-end checklist',
    description: null,
    categoryId: null,
    categoryName: null,
    itemCount: 0,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

/** A user of the company as GET /api/users lists them: a client user unless said. */
export function aCompanyUser(overrides: Partial<User> = {}): User {
  const role = overrides.role ?? 'client'
  return userDto.parse({
    id: anId(),
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    role,
    clientId: role === 'client' ? anId() : null,
    clientName: role === 'client' ? 'Acme Corporation' : null,
    lastLoginAt: null,
    createdAt: NOW,
    mfaEnabled: false,
    ...overrides,
  })
}

/** An open invitation, for a client user unless said, valid for 7 days from NOW. */
export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  const role = overrides.role ?? 'client'
  return invitationDto.parse({
    id: anId(),
    email: 'ada@example.com',
    role,
    clientId: role === 'client' ? anId() : null,
    clientName: role === 'client' ? 'Acme Corporation' : null,
    invitedBy: 'Margaret Hamilton',
    status: 'pending',
    sentAt: NOW,
    expiresAt: '2026-03-09T10:00:00.000Z',
    createdAt: NOW,
    ...overrides,
  })
}

export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return organizationDto.parse({
    id: anId(),
    name: 'Hamilton Assurance LLP',
    industry: 'Financial Services',
    size: '11-50 employees',
    phone: '+1 555 0142',
    timeZone: 'UTC',
    dateFormat: 'month-first',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  })
}

/** The policy a new company starts with: 3 and 1 days before, on, 1, 3 and 7 days after. */
export function aReminderPolicy(overrides: Partial<ReminderPolicy> = {}): ReminderPolicy {
  return reminderPolicyDto.parse({
    enabled: true,
    daysBefore: [3, 1],
    onDueDate: true,
    daysAfter: [1, 3, 7],
    sendHour: 9,
    escalateAfterDays: 14,
    timeZone: 'UTC',
    ...overrides,
  })
}

export function notificationPreferences(
  overrides: Partial<NotificationPreferences> = {},
): NotificationPreferences {
  return notificationPreferencesDto.parse({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...overrides })
}

/** An unread "submitted" notification of the bell, unless told otherwise. */
export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return notificationDto.parse({
    id: anId(),
    kind: 'submitted',
    title: 'Grace Hopper submitted #1 Signed engagement letter for review',
    body: null,
    url: `/requests/${anId()}`,
    createdAt: NOW,
    readAt: null,
    ...overrides,
  })
}

/** One page of GET /api/notifications: by default its unread items are all there are. */
export function aNotificationPage(
  items: Notification[],
  overrides: Partial<Omit<NotificationPage, 'items'>> = {},
): NotificationPage {
  return notificationPageDto.parse({
    items,
    unreadCount: items.filter((item) => item.readAt === null).length,
    nextCursor: null,
    ...overrides,
  })
}

/** An audit's report (GET /api/audits/{id}/report): by default, of an audit that sent nothing. */
export function anAuditReport(overrides: Partial<AuditReport> = {}): AuditReport {
  return auditReportDto.parse({
    today: '2026-03-02',
    timeZone: 'Europe/London',
    progress: { done: 0, sent: 0 },
    byStatus: Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])),
    overdue: { total: 0, aging: OVERDUE_AGING.map(({ key }) => ({ key, count: 0 })) },
    turnaround: { clientHours: null, clientSamples: 0, reviewHours: null, reviewSamples: 0 },
    returns: { returned: 0, submitted: 0 },
    assignees: [],
    burnDown: [],
    ...overrides,
  })
}

import { z } from 'zod'
import { FILE_ACTIONS, REQUEST_ACTIONS } from '../access'
import { pageFields, searchField } from './pagination'
import { calendarDate, id, LIMITS, optionalText, requiredText, timestamps } from './common'
import { activityDto } from './dashboard'
import { answerType, choicesField, choicesProblem, signatureDto } from './answers'

/** draft → sent → submitted → accepted | returned (→ submitted again); not_applicable from any but accepted. */
export const REQUEST_STATUSES = [
  'draft',
  'sent',
  'submitted',
  'accepted',
  'returned',
  'not_applicable',
] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]
export const requestStatus = z.enum(REQUEST_STATUSES)
export const REQUEST_STATUS_LABELS = {
  draft: 'Draft',
  sent: 'Sent',
  submitted: 'Submitted',
  accepted: 'Accepted',
  returned: 'Returned',
  not_applicable: 'Not Applicable',
} as const satisfies Record<RequestStatus, string>

/**
 * What a client user has put to the firm on an open request, which puts it on the firm's side
 * until the firm answers: a proposal that it does not apply, or a question.
 */
export const CLIENT_ASKS = ['not_applicable', 'question'] as const
export type ClientAsk = (typeof CLIENT_ASKS)[number]

export const REQUEST_LIMITS = {
  response: 20_000,
  reason: 2000,
  comment: 5000,
  position: 100_000,
  /** Requests sent or added from a template in one call. */
  batch: 500,
} as const

const position = z
  .number({ error: 'Position must be a whole number' })
  .int('Position must be a whole number')
  .min(0, 'Position must be 0 or more')
  .max(REQUEST_LIMITS.position, `Position must be at most ${REQUEST_LIMITS.position}`)

const requestFields = {
  title: requiredText('Title'),
  description: optionalText('Description', LIMITS.description),
  section: optionalText('Section', LIMITS.section),
  reference: optionalText('Reference', LIMITS.reference),
  documentRequired: z.boolean({ error: 'documentRequired must be true or false' }),
  responseRequired: z.boolean({ error: 'responseRequired must be true or false' }),
  answerType,
  choices: choicesField,
  position,
  assigneeId: z.uuid({ error: 'Assignee must be a valid id' }).nullable(),
  dueDate: calendarDate.nullable(),
}

export const createRequestInput = z
  .strictObject({
    ...requestFields,
    description: requestFields.description.optional().default(null),
    section: requestFields.section.optional().default(null),
    reference: requestFields.reference.optional().default(null),
    documentRequired: requestFields.documentRequired.default(false),
    responseRequired: requestFields.responseRequired.default(false),
    answerType: requestFields.answerType.default('text'),
    choices: requestFields.choices.optional().default(null),
    /**
     * Omitted: after the last request. Otherwise its place among the audit's drafts (0 first, at
     * most their count), as POST /api/requests/{id}/move places one.
     */
    position: position.optional(),
    assigneeId: requestFields.assigneeId.optional().default(null),
    dueDate: requestFields.dueDate.optional().default(null),
  })
  .superRefine((input, ctx) => {
    const problem = choicesProblem(input.answerType, input.choices)
    if (problem) ctx.addIssue({ code: 'custom', path: ['choices'], message: problem })
  })
export type CreateRequestInput = z.input<typeof createRequestInput>

/**
 * Title, description and flags while draft; assignee, due date and whether reminders are paused
 * until accepted. The order changes by one call only: POST /api/requests/{id}/move.
 */
const { position: _order, ...editableFields } = requestFields
export const updateRequestInput = z
  .strictObject({
    ...editableFields,
    remindersPaused: z.boolean({ error: 'remindersPaused must be true or false' }),
  })
  .partial()
export type UpdateRequestInput = z.input<typeof updateRequestInput>

/** Several requests of one audit at once: assignee and/or due date, all or nothing. */
export const bulkUpdateRequestsInput = z
  .strictObject({
    requestIds: z
      .array(id, { error: 'requestIds must be a list of ids' })
      .min(1, 'Choose at least one request')
      .max(REQUEST_LIMITS.batch, `At most ${REQUEST_LIMITS.batch} requests at once`),
    assigneeId: requestFields.assigneeId.optional(),
    dueDate: requestFields.dueDate.optional(),
  })
  .refine((input) => input.assigneeId !== undefined || input.dueDate !== undefined, {
    path: ['assigneeId'],
    message: 'Choose an assignee or a due date to set',
  })

export type BulkUpdateRequestsInput = z.input<typeof bulkUpdateRequestsInput>

/** POST /api/requests/{id}/move: the draft's new place among the audit's drafts (0 = first). */
export const moveRequestInput = z.strictObject({ position })
export type MoveRequestInput = z.input<typeof moveRequestInput>

export const fromTemplateInput = z.strictObject({
  templateId: z.uuid({ error: 'Template is required' }),
})

export const sendRequestsInput = z.strictObject({
  /** Omitted: every draft of the audit. */
  requestIds: z
    .array(id, { error: 'requestIds must be a list of ids' })
    .min(1, 'Choose at least one request')
    .max(REQUEST_LIMITS.batch, `At most ${REQUEST_LIMITS.batch} requests at once`)
    .optional(),
})

export const submitRequestInput = z.strictObject({
  /** The written response (`text`), or a note beside a typed answer; none for `files`. */
  response: optionalText('Response', REQUEST_LIMITS.response).optional().default(null),
  /**
   * The typed answer, as the request's `answerType` wants it: `yes` or `no`, one of its
   * `choices`, a number, a date as YYYY-MM-DD, or the full name typed to sign an
   * acknowledgement. Absent for `text` and `files`.
   */
  answer: z
    .union([z.string(), z.number()], { error: 'Answer must be text or a number' })
    .nullable()
    .optional()
    .default(null),
})

export const reasonInput = z.strictObject({
  reason: requiredText('Reason', REQUEST_LIMITS.reason),
})

export const questionInput = z.strictObject({
  question: requiredText('Question', REQUEST_LIMITS.comment),
})

export const createCommentInput = z.strictObject({
  body: requiredText('Comment', REQUEST_LIMITS.comment),
  /** An internal note: seen by the firm's staff only. */
  internal: z.boolean({ error: 'internal must be true or false' }).default(false),
})

export const requestDto = z
  .object({
    id: z.string(),
    auditId: z.string(),
    /**
     * Given at creation, the next in its audit counting every request (drafts too); it never
     * changes, whatever is moved or deleted, and is never given again.
     */
    number: z.number().int(),
    /**
     * Its place in the audit's order as an opaque key: requests sort by it (byte order), lists
     * come sorted. Not an index; to move a draft, give POST /api/requests/{id}/move an index.
     */
    position: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    /** The part of the list it belongs to ("3 Cash and bank"), and its reference there ("3.1"). */
    section: z.string().nullable(),
    reference: z.string().nullable(),
    documentRequired: z.boolean(),
    responseRequired: z.boolean(),
    /** How it is answered; `choices` lists a choice answer's options (null otherwise). */
    answerType,
    choices: z.array(z.string()).nullable(),
    status: requestStatus,
    assigneeId: z.string().nullable(),
    assigneeName: z.string().nullable(),
    dueDate: z.string().nullable(),
    /** Due before the firm's today and still waiting for the client (sent or returned, nothing asked). */
    overdue: z.boolean(),
    /**
     * Who acts next: the client (sent, returned), the firm (draft, submitted, or a proposal or
     * question from the client waiting for its answer); null once settled.
     */
    whoseMove: z.enum(['client', 'firm']).nullable(),
    /** What the client has put to the firm on it and waits for an answer to, if anything. */
    clientAsk: z.object({ kind: z.enum(CLIENT_ASKS), text: z.string(), at: z.string() }).nullable(),
    /** No reminder goes out for it while set (nor while its audit's reminders are paused). */
    remindersPaused: z.boolean(),
    sentAt: z.string().nullable(),
    submittedAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    notApplicableReason: z.string().nullable(),
    /** What the caller may do with this request now (server/access/can.ts decides). */
    allowedActions: z.array(z.enum(REQUEST_ACTIONS)),
    ...timestamps,
  })
  .meta({ id: 'AuditRequest' })
export type AuditRequest = z.infer<typeof requestDto>

/** Accepted out of every request but the not-applicable ones (of those the caller can see). */
export const progressDto = z.object({ accepted: z.number().int(), total: z.number().int() })
export type RequestProgress = z.infer<typeof progressDto>

/** A section of an audit's requests, with how many of them (those the caller sees) it holds. */
export const auditSectionDto = z
  .object({ name: z.string(), requests: z.number().int() })
  .meta({ id: 'AuditSection' })
export type AuditSection = z.infer<typeof auditSectionDto>

export const requestListDto = z
  .object({
    progress: progressDto,
    /** How many of the audit's requests (those the caller sees) each status has, under the filters but `status`. */
    counts: z.record(requestStatus, z.number().int()),
    /** How many match every filter (the rows of all the pages). */
    matching: z.number().int(),
    requests: z.array(
      requestDto.extend({
        /** The files handed in with its answers (submitted versions). */
        fileCount: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'RequestList' })
export type RequestList = z.infer<typeof requestListDto>
/** A row of an audit's request table. */
export type RequestListRow = RequestList['requests'][number]

/** A file of a version; `contentType` is what the server sniffed from the bytes. */
export const requestFileDto = z
  .object({
    id: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    sha256: z.string(),
    uploadedBy: z.string(),
    /** Null once the uploader's account is removed. */
    uploadedById: z.string().nullable(),
    createdAt: z.string(),
    /** `remove`: the caller uploaded it and its version was not submitted yet. */
    allowedActions: z.array(z.enum(FILE_ACTIONS)),
  })
  .meta({ id: 'RequestFile' })
export type RequestFile = z.infer<typeof requestFileDto>

/** Display names of uploaded files are capped at this many characters (the extension is kept). */
export const FILE_NAME_MAX = 200

export const requestVersionDto = z
  .object({
    id: z.string(),
    number: z.number().int(),
    response: z.string().nullable(),
    /** The request's answer type when it was submitted, and the typed answer (see submit). */
    answerType,
    answer: z.string().nullable(),
    /** An acknowledgement's signature block; null for other types. */
    signature: signatureDto.nullable(),
    submittedBy: z.string().nullable(),
    submittedAt: z.string().nullable(),
    returnedReason: z.string().nullable(),
    returnedBy: z.string().nullable(),
    returnedAt: z.string().nullable(),
    /** The version being prepared (files uploaded, not submitted yet) has `submittedAt` null. */
    files: z.array(requestFileDto),
  })
  .meta({ id: 'RequestVersion' })
export type RequestVersion = z.infer<typeof requestVersionDto>

export const commentDto = z
  .object({
    id: z.string(),
    authorId: z.string().nullable(),
    authorName: z.string(),
    body: z.string(),
    internal: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Comment' })
export type RequestComment = z.infer<typeof commentDto>

export const requestDetailDto = requestDto
  .extend({
    auditName: z.string(),
    /** Where it sits: its audit's project and client (breadcrumbs; two clients may have audits of one name). */
    project: z.object({ id: z.string(), name: z.string() }),
    client: z.object({ id: z.string(), name: z.string() }),
    /** Oldest first. */
    versions: z.array(requestVersionDto),
    /** The request's activity events, oldest first. */
    history: z.array(activityDto),
    /** Staff only: the key is absent for client users. */
    internalNotes: z.array(commentDto).optional(),
    /**
     * Last period's accepted answer to the request this one was rolled forward from (when asked
     * to be shown), for reference; null otherwise, or once that request is gone.
     */
    previous: z
      .object({
        requestId: z.string(),
        auditId: z.string(),
        auditName: z.string(),
        version: requestVersionDto,
      })
      .nullable(),
  })
  .meta({ id: 'RequestDetail' })
export type RequestDetail = z.infer<typeof requestDetailDto>

/** Who a request of the audit may be assigned to: the client users of the audit's client. */
export const assigneeDto = z
  .object({ id: z.string(), name: z.string(), email: z.string() })
  .meta({ id: 'Assignee' })
export type Assignee = z.infer<typeof assigneeDto>

export const myRequestsDto = z.array(
  z.object({
    audit: z.object({
      id: z.string(),
      name: z.string(),
      dueDate: z.string().nullable(),
      projectId: z.string(),
      projectName: z.string(),
    }),
    requests: z.array(
      requestDto.extend({
        /** What the caller has started without submitting it (their own; never the firm's). */
        inProgress: z.object({
          /** An answer saved as a draft (GET /api/requests/{id}/answer-draft). */
          draftSaved: z.boolean(),
          /** Files on the version being prepared, not submitted yet. */
          filesAttached: z.number().int(),
        }),
      }),
    ),
  }),
)
export type MyRequests = z.infer<typeof myRequestsDto>
/** One of a client user's requests, with what they have started on it. */
export type MyRequest = MyRequests[number]['requests'][number]

/** `whoseMove`: only the requests on which the client (sent, returned) or the firm acts next. */
/** The orders of an audit's request list (each ascending or descending, `-` first: descending). */
export const REQUEST_SORTS = [
  'position',
  'number',
  'dueDate',
  'status',
  'assignee',
  'updatedAt',
] as const
export type RequestSort = (typeof REQUEST_SORTS)[number]

const sortError = `sort must be one of ${REQUEST_SORTS.join(', ')}, with a leading - for descending`

export const requestListQuery = z.strictObject({
  ...pageFields,
  whoseMove: z.enum(['client', 'firm'], { error: 'whoseMove must be client or firm' }).optional(),
  /** One status, or several separated by commas (`sent,returned`). */
  status: z
    .string({ error: 'status must be text' })
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined
      const statuses = value.split(',')
      if (statuses.every((status) => requestStatus.safeParse(status).success))
        return [...new Set(statuses)] as RequestStatus[]
      ctx.addIssue({
        code: 'custom',
        message: `status must be one of ${REQUEST_STATUSES.join(', ')}, or several separated by commas`,
      })
      return z.NEVER
    }),
  assigneeId: id.optional(),
  /** Only those of this section (as written on them). */
  section: z
    .string({ error: 'section must be text' })
    .trim()
    .min(1, 'section must not be empty')
    .max(LIMITS.section, `section must be at most ${LIMITS.section} characters`)
    .optional(),
  /** true: only those overdue (due before today, waiting for the client); false: none of them. */
  overdue: z
    .enum(['true', 'false'], { error: 'overdue must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Due on or before this day. */
  dueBefore: calendarDate.optional(),
  /** Due on or after this day. */
  dueAfter: calendarDate.optional(),
  /** In the title, the description or the section; the reference (`3.1`); or the number (`12` or `#12`). */
  q: searchField.q,
  sort: z
    .string({ error: sortError })
    .optional()
    .transform((value, ctx) => {
      const text = value ?? 'position'
      const descending = text.startsWith('-')
      const field = descending ? text.slice(1) : text
      if ((REQUEST_SORTS as readonly string[]).includes(field))
        return { field: field as RequestSort, descending }
      ctx.addIssue({ code: 'custom', message: sortError })
      return z.NEVER
    }),
})
export type RequestListQuery = z.output<typeof requestListQuery>

/** GET /api/review-queue: answers waiting for the firm's review, across the company's audits. */
export const reviewQueueQuery = z.strictObject({
  ...pageFields,
  auditId: id.optional(),
  clientId: id.optional(),
})
export type ReviewQueueQuery = z.output<typeof reviewQueueQuery>

export const reviewItemDto = z
  .object({
    id: z.string(),
    number: z.number().int(),
    title: z.string(),
    auditId: z.string(),
    auditName: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    assigneeName: z.string().nullable(),
    submittedAt: z.string(),
    /** On an audit whose team the caller is on (those come first). */
    onMyAudit: z.boolean(),
  })
  .meta({ id: 'ReviewItem' })
export type ReviewItem = z.infer<typeof reviewItemDto>

/** POST /api/audits/{id}/requests/bulk: one decision or change for many requests of an audit. */
export const BULK_ACTIONS = [
  'accept',
  'return',
  'not_applicable',
  'remind',
  'delete',
  'assign',
  'due_date',
] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** Far above any audit's cap (the server holds a call to the audit's own: MAX_REQUESTS_PER_AUDIT). */
const BULK_IDS_MAX = 10_000

export const bulkActionInput = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    requestIds: z
      .array(id, { error: 'requestIds must be a list of ids' })
      .min(1, 'Choose at least one request')
      .max(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} requests at once`),
    reason: requiredText('Reason', REQUEST_LIMITS.reason).optional(),
    assigneeId: requestFields.assigneeId.optional(),
    dueDate: requestFields.dueDate.optional(),
  })
  .superRefine((input, context) => {
    const needs = (field: 'reason' | 'assigneeId' | 'dueDate', message: string) => {
      if (input[field] === undefined) context.addIssue({ code: 'custom', path: [field], message })
    }
    const refuses = (field: 'reason' | 'assigneeId' | 'dueDate') => {
      if (input[field] !== undefined)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} does not go with the action ${input.action}`,
        })
    }
    const wants = {
      accept: [],
      return: ['reason'],
      not_applicable: ['reason'],
      remind: [],
      delete: [],
      assign: ['assigneeId'],
      due_date: ['dueDate'],
    } as const satisfies Record<BulkAction, readonly ('reason' | 'assigneeId' | 'dueDate')[]>
    const wanted: readonly string[] = wants[input.action]
    for (const field of ['reason', 'assigneeId', 'dueDate'] as const) {
      if (wanted.includes(field))
        needs(
          field,
          field === 'reason'
            ? 'Reason is required'
            : field === 'assigneeId'
              ? 'Choose an assignee (null to unassign)'
              : 'Choose a due date (null to clear it)',
        )
      else refuses(field)
    }
  })
export type BulkActionInput = z.output<typeof bulkActionInput>

export const bulkActionReplyDto = z
  .object({
    /** The requests the action changed (reminded, for `remind`). */
    changed: z.array(z.string()),
    /** Those it left as they were, and why (already in that state, reminded within the hour). */
    skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
  })
  .meta({ id: 'BulkActionReply' })
export type BulkActionReply = z.infer<typeof bulkActionReplyDto>

/** A client user's answer in progress (GET/PUT /api/requests/{id}/answer-draft), theirs alone. */
export const answerDraftInput = z.strictObject({
  response: z
    .string({ error: 'response must be text' })
    .max(REQUEST_LIMITS.response, `Response must be at most ${REQUEST_LIMITS.response} characters`),
})
export type AnswerDraftInput = z.output<typeof answerDraftInput>

export const answerDraftDto = z
  .object({
    /** Empty when nothing is saved. */
    response: z.string(),
    /** When it was last saved; null when nothing is. */
    savedAt: z.string().nullable(),
  })
  .meta({ id: 'AnswerDraft' })
export type AnswerDraft = z.infer<typeof answerDraftDto>

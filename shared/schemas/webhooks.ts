import { z } from 'zod'
import { id, optionalText } from './common'
import type { DomainEventType } from './events'

/** What marks a webhook's signing secret (Standard Webhooks' `whsec_` + base64 of its key). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
export const WEBHOOK_URL_MAX_LENGTH = 2_000
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500
/** Hooks a company may have at once. */
export const WEBHOOKS_PER_COMPANY = 20

/**
 * The events a hook may subscribe to: the domain events (shared/schemas/events.ts) under the
 * names integrations know them by. A comment and a client's question are `comment.created`;
 * internal notes are `internal_note.created`, sent only to hooks that ask for them.
 */
export const WEBHOOK_EVENT_OF = {
  'request.created': 'request.created',
  'request.updated': 'request.updated',
  'request.reworded': 'request.updated',
  'request.moved': 'request.moved',
  'request.deleted': 'request.deleted',
  'request.sent': 'request.sent',
  'request.submitted': 'request.submitted',
  'request.accepted': 'request.accepted',
  'request.reopened': 'request.reopened',
  'request.returned': 'request.returned',
  'request.not_applicable': 'request.not_applicable',
  'request.not_applicable_proposed': 'request.not_applicable_proposed',
  'request.proposal_accepted': 'request.not_applicable',
  'request.proposal_declined': 'request.proposal_declined',
  'request.question_asked': 'comment.created',
  'request.commented': 'comment.created',
  'request.noted': 'internal_note.created',
  'request.files_added': 'file.uploaded',
  'request.file_removed': 'file.removed',
  'audit.created': 'audit.created',
  'audit.updated': 'audit.updated',
  'audit.deleted': 'audit.deleted',
  'audit.team_changed': 'audit.team_changed',
  'audit.completed': 'audit.completed',
  'audit.reopened': 'audit.reopened',
} as const satisfies Record<DomainEventType, string>

export type WebhookEventType = (typeof WEBHOOK_EVENT_OF)[DomainEventType]
export const WEBHOOK_EVENT_TYPES = [...new Set(Object.values(WEBHOOK_EVENT_OF))].sort() as [
  WebhookEventType,
  ...WebhookEventType[],
]

const EVENTS_MESSAGE = `Events must be a list of: ${WEBHOOK_EVENT_TYPES.join(', ')}`
export const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length, EVENTS_MESSAGE)
  .transform((events) => [...new Set(events)].sort())

/** Where deliveries go: checked again (https, public addresses) by the server before each. */
export const webhookUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX_LENGTH, `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine((value) => URL.canParse(value), 'Enter a full address, such as https://example.com/hooks')

export const createWebhookInput = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: optionalText('Description', WEBHOOK_DESCRIPTION_MAX_LENGTH).optional(),
})

export const updateWebhookInput = z
  .strictObject({
    url: webhookUrl,
    events: webhookEvents,
    description: optionalText('Description', WEBHOOK_DESCRIPTION_MAX_LENGTH),
    /** Turning a disabled hook on again clears what disabled it. */
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
  })
  .partial()

export const webhookDto = z.object({
  id,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** Why the server turned it off (failing for days), while it is off for that. */
  disabledReason: z.string().nullable(),
  /** Since when every try has failed; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type WebhookDto = z.infer<typeof webhookDto>

/** POST /api/webhooks: the hook, and its signing secret this once. */
export const createdWebhookDto = webhookDto.extend({ secret: z.string() })

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const

export const webhookDeliveryDto = z.object({
  /** Also the `webhook-id` header of every try. */
  id,
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last try's answer; null before any, or when no answer came (see `error`). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The first 1 KB of the last answer's body. */
  responseBody: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When the next try is due, while one is. */
  nextAttemptAt: z.string().nullable(),
})
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>

export const deliveryParams = z.strictObject({ id, deliveryId: id })

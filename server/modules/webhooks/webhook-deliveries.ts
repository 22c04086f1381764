import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import type { DomainEventRecord, DomainEventType } from '@shared/schemas/events'
import {
  WEBHOOK_EVENT_OF,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDeliveryDto,
  type WebhookEventType,
} from '@shared/schemas/webhooks'
import type { Db } from '../../db/client'
import { iso } from '../../lib/dto'
import { postJson, type OutboundPolicy } from '../../lib/outbound'
import { mails } from '../../mail/templates'
import { secretBox } from '../mfa/secret-box'
import {
  claimDueDelivery,
  companyAdmins,
  disableWebhook,
  findWebhookById,
  insertDeliveries,
  hooksHearing,
  nextDueAt,
  recordTry,
  updateWebhook,
  type DeliveryRow,
} from './webhooks.repo'

export const WEBHOOK_QUEUE = 'webhooks.deliver'
/** A 2xx within this long is a success. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** A delivery is tried, with doubling waits, while its next try falls within this of its event. */
export const WEBHOOK_TRY_WINDOW_MS = 26 * 60 * 60 * 1000
/** A hook whose every try has failed for this long is turned off and its admins told. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000
const DISABLED_REASON = 'Turned off after failing for 3 days'
/** Deliveries one job tries before it hands over to the next (so that no job runs for hours). */
const TRIES_PER_JOB = 50

/** Where webhooks may go (WEBHOOK_ALLOW_PRIVATE_TARGETS), and the DNS lookup tests stub. */
export const webhookTargets = (app: FastifyInstance): OutboundPolicy => ({
  allowPrivate: app.config.webhooks.allowPrivateTargets,
  ...(app.outboundResolve ? { resolve: app.outboundResolve } : {}),
})

/** A new signing secret: Standard Webhooks' `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`

export const deliveryDto = (row: Omit<DeliveryRow, 'payload'>): WebhookDeliveryDto => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType as WebhookEventType,
  status: row.status as WebhookDeliveryDto['status'],
  attempts: row.attempts,
  statusCode: row.statusCode,
  error: row.error,
  durationMs: row.durationMs,
  responseBody: row.responseBody,
  createdAt: iso(row.createdAt),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
})

/**
 * The body every try of a delivery sends: Standard Webhooks' `{ type, timestamp, data }`, `data`
 * the event as the trail keeps it (shared/schemas/events.ts).
 */
export const webhookBody = (type: WebhookEventType, event: DomainEventRecord) =>
  JSON.stringify({ type, timestamp: event.occurredAt, data: event })

/**
 * Inside the change's transaction (domain-events.ts `emit`): one delivery for each event and each
 * hook of the company that hears it, and a job to try them once the change commits.
 */
export async function queueWebhookDeliveries(
  app: FastifyInstance,
  tx: Db,
  organizationId: string,
  events: DomainEventRecord[],
) {
  if (events.length === 0) return
  const typed = events.map((event) => ({
    event,
    type: WEBHOOK_EVENT_OF[event.type as DomainEventType] as WebhookEventType,
  }))
  const hooks = await hooksHearing(tx, organizationId, [...new Set(typed.map((e) => e.type))])
  if (hooks.length === 0) return
  const now = app.clock()
  const rows = hooks.flatMap((hook) =>
    typed
      .filter(({ type }) => hook.events.includes(type))
      .map(({ event, type }) => ({
        webhookId: hook.id,
        organizationId,
        eventId: event.id,
        eventType: type,
        payload: webhookBody(type, event),
        nextAttemptAt: now,
        createdAt: now,
      })),
  )
  await insertDeliveries(tx, rows)
  for (const hook of hooks) await wakeHook(app, tx, hook.id)
}

/** Queues a job that tries the hook's due deliveries now (at most one waits per hook). */
export const wakeHook = (app: FastifyInstance, db: Db, webhookId: string) =>
  app.jobs.enqueue(db, WEBHOOK_QUEUE, { webhookId }, { singletonKey: `now:${webhookId}` })

/**
 * The worker: tries the hook's due deliveries one by one, each claimed so that no other instance
 * tries it meanwhile, then queues itself for the next one due.
 */
export function defineWebhookJob(app: FastifyInstance) {
  const box = secretBox(app.db, app.config.mfaEncryptionKey)
  const policy = webhookTargets(app)

  async function tryOnce(delivery: DeliveryRow) {
    const hook = await findWebhookById(app.db, delivery.webhookId)
    if (!hook) return
    const sentAt = app.clock()
    const secret = await box.open(hook.secretSealed)
    let outcome: { status: number; body: string; durationMs: number } | null = null
    let error: string | null = null
    try {
      outcome = await postJson(hook.url, {
        body: delivery.payload,
        headers: {
          'user-agent': 'AuditDesk-Webhooks/1',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(delivery.id, sentAt, delivery.payload),
        },
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        policy,
      })
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500)
    }
    const now = app.clock()
    const delivered = outcome !== null && outcome.status >= 200 && outcome.status < 300
    const result = {
      lastAttemptAt: sentAt,
      statusCode: outcome?.status ?? null,
      durationMs: outcome?.durationMs ?? null,
      responseBody: outcome?.body ?? null,
      error: delivered ? null : (error ?? `Answered ${outcome!.status}`),
    }
    if (delivered) {
      await recordTry(app.db, delivery.id, { ...result, status: 'delivered', nextAttemptAt: null })
      if (hook.failingSince)
        await updateWebhook(app.db, hook.organizationId, hook.id, { failingSince: null })
      app.log.info(
        { event: 'webhook.delivered', deliveryId: delivery.id, status: outcome!.status },
        'webhook delivered',
      )
      return
    }
    const wait = app.config.webhooks.retrySeconds * 1000 * 2 ** (delivery.attempts - 1)
    const next = new Date(now.getTime() + wait)
    const spent = next.getTime() - delivery.createdAt.getTime() > WEBHOOK_TRY_WINDOW_MS
    await recordTry(app.db, delivery.id, {
      ...result,
      status: spent ? 'failed' : 'pending',
      nextAttemptAt: spent ? null : next,
    })
    app.log.warn(
      {
        event: 'webhook.failed',
        deliveryId: delivery.id,
        attempts: delivery.attempts,
        status: outcome?.status,
        error,
        gaveUp: spent,
      },
      'webhook delivery failed',
    )
    const failingSince = hook.failingSince ?? sentAt
    if (now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) await disable(hook.id)
    else if (!hook.failingSince)
      await updateWebhook(app.db, hook.organizationId, hook.id, { failingSince })
  }

  /** Turns off a hook that has failed for days, and tells the company's admins (once). */
  async function disable(webhookId: string) {
    await app.db.transaction(async (tx) => {
      const hook = await disableWebhook(tx, webhookId, DISABLED_REASON, app.clock())
      if (!hook?.failingSince) return
      const since = hook.failingSince.toISOString().slice(0, 10)
      for (const admin of await companyAdmins(tx, hook.organizationId))
        await app.mailer.send(
          tx,
          mails.webhookDisabled(admin.email, {
            firstName: admin.firstName,
            url: hook.url,
            failingSince: since,
            settingsUrl: `${app.config.appUrl}/admin?tab=integrations`,
          }),
        )
    })
    app.log.warn({ event: 'webhook.disabled', webhookId }, 'webhook turned off: failing for days')
  }

  app.jobs.define<{ webhookId: string }>(
    WEBHOOK_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 30, policy: 'short' },
    async ({ webhookId }) => {
      for (let tried = 0; tried < TRIES_PER_JOB; tried++) {
        const delivery = await claimDueDelivery(app.db, webhookId, app.clock())
        if (!delivery) break
        await tryOnce(delivery)
      }
      const due = await nextDueAt(app.db, webhookId)
      if (!due) return
      const wait = Math.max(0, Math.ceil((due.getTime() - app.clock().getTime()) / 1000))
      await app.jobs.enqueue(
        app.db,
        WEBHOOK_QUEUE,
        { webhookId },
        wait === 0
          ? { singletonKey: `now:${webhookId}` }
          : { singletonKey: `at:${webhookId}:${due.getTime()}`, startAfterSeconds: wait },
      )
    },
  )
}

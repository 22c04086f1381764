import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import {
  WEBHOOKS_PER_COMPANY,
  type createWebhookInput,
  type updateWebhookInput,
  type WebhookDto,
  type WebhookEventType,
} from '@shared/schemas/webhooks'
import type { Principal } from '../../access/principal'
import type { PageRequest } from '../../db/keyset'
import { mapPage } from '../../db/keyset'
import { iso } from '../../lib/dto'
import { AppError, fieldError, notFound } from '../../lib/errors'
import { checkTarget, OutboundRefused } from '../../lib/outbound'
import { secretBox } from '../mfa/secret-box'
import { deliveryDto, newWebhookSecret, wakeHook, webhookTargets } from './webhook-deliveries'
import {
  deleteWebhook,
  deliveriesPage,
  findDelivery,
  findWebhook,
  insertWebhook,
  listWebhooks,
  makeDueNow,
  updateWebhook,
  webhookCountHeld,
  type WebhookRow,
} from './webhooks.repo'

export const webhookMessages = {
  tooMany: `Your company has ${WEBHOOKS_PER_COMPANY} webhooks: delete one first.`,
  notFound: 'Webhook',
  deliveryNotFound: 'Delivery',
  notRetryable:
    'This delivery is being tried now, or was delivered: there is nothing to try again.',
} as const

const dto = (row: WebhookRow): WebhookDto => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  description: row.description,
  enabled: row.enabled,
  disabledReason: row.enabled ? null : row.disabledReason,
  failingSince: iso(row.failingSince),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
})

/** The company's webhooks (decision 049): admins add, change and remove them, and watch deliveries. */
export function webhookService(app: FastifyInstance) {
  const { db, clock, log } = app
  const box = secretBox(db, app.config.mfaEncryptionKey)
  const policy = webhookTargets(app)

  /** The address, refused (400 naming `url`) when it is not one deliveries may go to. */
  async function target(url: string) {
    try {
      return (await checkTarget(url, policy)).toString()
    } catch (error) {
      if (error instanceof OutboundRefused) throw fieldError('url', error.message)
      throw error
    }
  }

  async function owned(admin: Principal, id: string) {
    const hook = await findWebhook(db, admin.organizationId, id)
    if (!hook) throw notFound(webhookMessages.notFound)
    return hook
  }

  return {
    list: async (admin: Principal) => (await listWebhooks(db, admin.organizationId)).map(dto),

    get: async (admin: Principal, id: string) => dto(await owned(admin, id)),

    async create(admin: Principal, input: z.output<typeof createWebhookInput>) {
      const url = await target(input.url)
      const secret = newWebhookSecret()
      const secretSealed = await box.seal(secret)
      const now = clock()
      const hook = await db.transaction(async (tx) => {
        if ((await webhookCountHeld(tx, admin.organizationId)) >= WEBHOOKS_PER_COMPANY)
          throw new AppError('CONFLICT', webhookMessages.tooMany)
        return insertWebhook(tx, {
          organizationId: admin.organizationId,
          url,
          description: input.description ?? null,
          events: input.events,
          secretSealed,
          createdAt: now,
          updatedAt: now,
        })
      })
      log.info({ event: 'webhook.created', webhookId: hook.id }, 'webhook added')
      return { ...dto(hook), secret }
    },

    async update(admin: Principal, id: string, input: z.output<typeof updateWebhookInput>) {
      const before = await owned(admin, id)
      const url = input.url === undefined ? undefined : await target(input.url)
      const turnedOn = input.enabled === true && !before.enabled
      const hook = await db.transaction(async (tx) => {
        const updated = await updateWebhook(tx, admin.organizationId, id, {
          ...(url === undefined ? {} : { url }),
          ...(input.events === undefined ? {} : { events: input.events }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(turnedOn ? { disabledReason: null, failingSince: null } : {}),
          updatedAt: clock(),
        })
        if (!updated) throw notFound(webhookMessages.notFound)
        // Deliveries that waited while it was off are tried again.
        if (turnedOn) await wakeHook(app, tx, id)
        return updated
      })
      return dto(hook)
    },

    async remove(admin: Principal, id: string) {
      if (!(await deleteWebhook(db, admin.organizationId, id)))
        throw notFound(webhookMessages.notFound)
      log.info({ event: 'webhook.deleted', webhookId: id }, 'webhook deleted')
    },

    async deliveries(admin: Principal, id: string, request: PageRequest) {
      await owned(admin, id)
      return mapPage(await deliveriesPage(db, id, request), deliveryDto)
    },

    async retry(admin: Principal, id: string, deliveryId: string) {
      await owned(admin, id)
      const delivery = await findDelivery(db, id, deliveryId)
      if (!delivery) throw notFound(webhookMessages.deliveryNotFound)
      const due = await db.transaction(async (tx) => {
        const row = await makeDueNow(tx, deliveryId, clock())
        if (!row) throw new AppError('CONFLICT', webhookMessages.notRetryable)
        await wakeHook(app, tx, id)
        return row
      })
      return deliveryDto(due)
    },
  }
}

import { z } from 'zod'
import { idParams } from '../schemas/common'
import { pageQuery } from '../schemas/pagination'
import {
  createdWebhookDto,
  createWebhookInput,
  deliveryParams,
  updateWebhookInput,
  webhookDeliveryDto,
  webhookDto,
} from '../schemas/webhooks'
import { defineRoute } from './route'

const tag = 'Webhooks'

/** The company's webhooks: signed deliveries of its domain events (Standard Webhooks). */
export const webhooksApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/webhooks',
    tag,
    summary: 'The company’s webhooks',
    description: 'Oldest first; never their secrets.',
    access: 'company.manage',
    status: 200,
    reply: z.array(webhookDto),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/webhooks',
    tag,
    summary: 'Add a webhook',
    description:
      'Each event of `events` is POSTed to `url` as JSON `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id` (the same on every try), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>` with the secret, shown in this reply only). A 2xx within 10 s is success; otherwise it is tried again with doubling waits for about a day. Only `https://` addresses that resolve to public addresses are taken (400), checked again as each try connects; redirects are not followed. `internal_note.created` sends the firm’s internal notes. 409 past 20 hooks.',
    access: 'company.manage',
    sessionOnly: true,
    body: createWebhookInput,
    status: 201,
    reply: createdWebhookDto,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/webhooks/:id',
    tag,
    summary: 'A webhook',
    access: 'company.manage',
    params: idParams,
    status: 200,
    reply: webhookDto,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/webhooks/:id',
    tag,
    summary: 'Change a webhook',
    description:
      'Its address, events, description, or whether it is on (turning it on again clears why it was turned off).',
    access: 'company.manage',
    sessionOnly: true,
    params: idParams,
    body: updateWebhookInput,
    status: 200,
    reply: webhookDto,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    tag,
    summary: 'Delete a webhook',
    description: 'With its deliveries; tries under way are not made again.',
    access: 'company.manage',
    sessionOnly: true,
    params: idParams,
    status: 204,
    reply: z.undefined(),
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    tag,
    summary: 'A webhook’s deliveries',
    description: 'Newest first: the event, its status, tries, the last answer and the next try.',
    access: 'company.manage',
    params: idParams,
    query: pageQuery,
    page: true,
    status: 200,
    reply: z.array(webhookDeliveryDto),
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/retry',
    tag,
    summary: 'Try a delivery again now',
    description:
      'A failed or waiting delivery is tried again at once, with the same `webhook-id`; 409 while a try is under way or once delivered.',
    access: 'company.manage',
    params: deliveryParams,
    status: 200,
    reply: webhookDeliveryDto,
  }),
}

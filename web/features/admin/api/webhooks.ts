import { webhooksApi } from '@shared/api/webhooks'
import type { createWebhookInput, updateWebhookInput } from '@shared/schemas/webhooks'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { call } from '@/lib/api'
import { useApiMutation } from '@/lib/mutation'
import { pagedQuery } from '@/lib/queries/paged'

const all = ['webhooks'] as const

/** The company's webhooks and each one's deliveries, newest first. */
export const webhookQueries = {
  all,
  list: () =>
    queryOptions({
      queryKey: [...all, 'list'],
      queryFn: ({ signal }) => call(webhooksApi.list, {}, { signal }),
    }),
  deliveries: (id: string) =>
    pagedQuery([...all, 'deliveries', id], webhooksApi.deliveries, {
      params: { id },
      query: { limit: 20 },
    }),
}

const refresh = { invalidates: () => [all] }

export const useCreateWebhook = () =>
  useApiMutation(
    (body: z.input<typeof createWebhookInput>) => call(webhooksApi.create, { body }),
    refresh,
  )

export const useUpdateWebhook = () =>
  useApiMutation(
    ({ id, body }: { id: string; body: z.input<typeof updateWebhookInput> }) =>
      call(webhooksApi.update, { params: { id }, body }),
    refresh,
  )

export const useDeleteWebhook = () =>
  useApiMutation((id: string) => call(webhooksApi.remove, { params: { id } }), refresh)

export const useRetryDelivery = () =>
  useApiMutation(
    ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      call(webhooksApi.retry, { params: { id, deliveryId } }),
    refresh,
  )

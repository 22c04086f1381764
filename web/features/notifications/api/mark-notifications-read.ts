import type { InfiniteData } from '@tanstack/react-query'
import { notificationsApi } from '@shared/api/reminders'
import type { BodyOf, ReplyOf } from '@shared/api/route'
import type { NotificationPage } from '@shared/schemas/reminders'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { notificationQueries } from '@/lib/queries/notifications'

type Variables = BodyOf<typeof notificationsApi.read>
type Reply = ReplyOf<typeof notificationsApi.read>

/** Marks these `ids` read, or all of the user's notifications without them. */
export const markNotificationsRead = (body: Variables) => call(notificationsApi.read, { body })

/**
 * The cached pages once the server marked `ids` (every one when undefined) read: those items
 * read now, and the reply's unread count, which counts beyond the pages read so far.
 */
export function markedRead<PageParam>(
  data: InfiniteData<NotificationPage, PageParam> | undefined,
  ids: readonly string[] | undefined,
  unreadCount: number,
  readAt: string,
): InfiniteData<NotificationPage, PageParam> | undefined {
  if (!data) return data
  const marks = (id: string) => ids === undefined || ids.includes(id)
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unreadCount,
      items: page.items.map((item) =>
        item.readAt === null && marks(item.id) ? { ...item, readAt } : item,
      ),
    })),
  }
}

export const useMarkNotificationsRead = (options?: MutationOptions<Reply, Variables>) =>
  useApiMutation(
    markNotificationsRead,
    {
      update: (queryClient, reply, variables) =>
        queryClient.setQueryData(notificationQueries.list().queryKey, (data) =>
          markedRead(data, variables.ids, reply.unreadCount, new Date().toISOString()),
        ),
    },
    options,
  )

import { infiniteQueryOptions } from '@tanstack/react-query'
import { notificationsApi } from '@shared/api/reminders'
import { call } from '../api'

/**
 * Every query of the bell starts with this key: the live updates (lib/live) reload them all when
 * the server says the user's notifications changed, so the bell never polls.
 */
const all = ['notifications'] as const

/** Notifications read at a time in the bell's panel. */
export const NOTIFICATIONS_PAGE_SIZE = 20

/** The bell: the signed-in user's notifications, newest first, and how many are unread. */
export const notificationQueries = {
  all,
  /** Pages of `GET /api/notifications`; the first page's `unreadCount` is the bell's badge. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...all, 'list'],
      queryFn: ({ pageParam, signal }) =>
        call(
          notificationsApi.list,
          { query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam ?? undefined } },
          { signal },
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
}

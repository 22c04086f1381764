import type { remindersApi } from '@shared/api/reminders'
import { endpoint } from '@shared/api/route'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof remindersApi.unsubscribe>('POST', '/api/unsubscribe')

export type UnsubscribeReply = Awaited<ReturnType<typeof unsubscribe>>

/** The one-click unsubscribe of a reminder's or digest's link: the token says who and from what. */
export const unsubscribe = (token: string) => call(route, { query: { token } })

export const useUnsubscribe = (options?: MutationOptions<UnsubscribeReply, string>) =>
  useApiMutation(unsubscribe, {}, options)

import { queryOptions } from '@tanstack/react-query'
import { myWorkApi } from '@shared/api/my-work'
import { call } from '../api'
import { requestQueries } from './requests'

/** What waits for the signed-in firm user on their audits (engagements.manage: never a client user). */
export const myWorkQueries = {
  /**
   * Kept under the review queues: what refreshes those (a change of any request, a live update of
   * a request or an audit) refreshes My work too.
   */
  all: [...requestQueries.reviewQueues, 'my-work'] as const,
  get: () =>
    queryOptions({
      queryKey: myWorkQueries.all,
      queryFn: ({ signal }) => call(myWorkApi.get, { query: {} }, { signal }),
      // Days pass and clients answer while the page stays open: read again on each visit and
      // whenever the window comes back into focus.
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
}

import { myWorkDto, myWorkQuery } from '../schemas/my-work'
import { defineRoute } from './route'

/** What waits for one of the firm's people on their audits (shared/schemas/my-work.ts). */
export const myWorkApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/my-work',
    tag: 'Review',
    summary: 'What waits for me on my audits',
    description:
      'On the audits whose team the caller is on: the answers waiting for review (oldest first), the requests overdue by client (most late first) and those due this week (soonest first), a few of each with their totals, in the firm’s time zone. The firm’s only.',
    access: 'engagements.manage',
    query: myWorkQuery,
    status: 200,
    reply: myWorkDto,
  }),
}

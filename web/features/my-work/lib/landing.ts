import type { myWorkApi } from '@shared/api/my-work'
import { endpoint } from '@shared/api/route'
import type { CurrentUser } from '@shared/schemas/auth'
import { call } from '@/lib/api'

// Method and path only: the sign-in page's JS carries no schemas (decision 012).
const route = endpoint<typeof myWorkApi.get>('GET', '/api/my-work')

export const MY_WORK_PATH = '/my-work'
const DASHBOARD_PATH = '/dashboard'

/**
 * Where someone lands after signing in with no address to return to: one of the firm's people
 * with something waiting on their audits, My work; anyone else (and anyone whose work cannot be
 * read just now), the dashboard. One call, made only for the firm's people.
 */
export async function landingAfterSignIn(user: Pick<CurrentUser, 'permissions'>) {
  if (!user.permissions.includes('engagements.manage')) return DASHBOARD_PATH
  try {
    const work = await call(route, { query: {} })
    return work.reviews.total + work.overdue.total + work.dueThisWeek.total > 0
      ? MY_WORK_PATH
      : DASHBOARD_PATH
  } catch {
    return DASHBOARD_PATH
  }
}

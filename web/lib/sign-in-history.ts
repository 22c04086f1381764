/**
 * Who has signed in with this browser before, so that "Welcome back" greets only people who
 * have been here before. The users' ids are kept in localStorage (most recent first); the id of
 * someone signing in here for the first time is kept in sessionStorage too, so the pages of that
 * first visit (the dashboard the sign-in opens) still greet them as new. Without storage everyone
 * is greeted as new: the neutral wording is never wrong.
 */
const USERS_KEY = 'auditdesk.signed-in-users'
const FIRST_VISIT_KEY = 'auditdesk.first-visit-user'
const USERS_MAX = 20

function signedInUsers(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(USERS_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function firstVisitUser(): string | null {
  try {
    return window.sessionStorage.getItem(FIRST_VISIT_KEY)
  } catch {
    return null
  }
}

/** Records that `userId` signed in with this browser; answers whether they had done so before. */
export function recordSignIn(userId: string): boolean {
  const users = signedInUsers()
  const before = users.includes(userId)
  try {
    window.localStorage.setItem(
      USERS_KEY,
      JSON.stringify([userId, ...users.filter((id) => id !== userId)].slice(0, USERS_MAX)),
    )
    if (before) {
      if (firstVisitUser() === userId) window.sessionStorage.removeItem(FIRST_VISIT_KEY)
    } else window.sessionStorage.setItem(FIRST_VISIT_KEY, userId)
  } catch {
    // Storage full or disabled: the next visit greets them as new again.
  }
  return before
}

/** Whether `userId` had signed in with this browser before the current visit. */
export function hasBeenHereBefore(userId: string): boolean {
  return signedInUsers().includes(userId) && firstVisitUser() !== userId
}

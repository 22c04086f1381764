/**
 * What a page that leads to sign-in hands the sign-in page as router state (not in the URL, so
 * the address stays out of history entries and server logs): the address to fill in.
 */
export interface LoginState {
  email: string
}

/** The address to fill in from the sign-in page's router state; '' when there is none. */
export function emailFromLoginState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return ''
  return typeof state.email === 'string' ? state.email : ''
}

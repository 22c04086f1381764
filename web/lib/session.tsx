import { createContext, Fragment, useContext, type ReactNode } from 'react'
import type { Capability } from '@shared/access'
import type { CurrentUser } from '@shared/schemas/auth'
import { setDateFormat } from './dates'

const SessionContext = createContext<CurrentUser | null>(null)

/**
 * Provided by the route guard once the session check succeeds. It sets the company's date format
 * for the formatters of lib/dates before anything below renders; a change of it (an admin saving
 * it) redraws everything below, so no date keeps the old order.
 */
export function SessionProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { dateFormat } = user.company
  setDateFormat(dateFormat)
  return (
    <SessionContext.Provider value={user}>
      <Fragment key={dateFormat}>{children}</Fragment>
    </SessionContext.Provider>
  )
}

/** The signed-in user. Only usable below the route guard. */
export function useSession(): CurrentUser {
  const user = useContext(SessionContext)
  if (!user) throw new Error('useSession must be used inside the authenticated routes')
  return user
}

/** Whether the signed-in user's role has this capability (the server says which it has). */
export function useCan(capability: Capability): boolean {
  return useSession().permissions.includes(capability)
}

/** The same question for a list whose items each need a capability (menus, quick actions). */
export function usePermissions(): (capability: Capability) => boolean {
  const { permissions } = useSession()
  return (capability) => permissions.includes(capability)
}

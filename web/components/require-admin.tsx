import type { ReactNode } from 'react'
import { ForbiddenState } from '@/components/forbidden-state'
import { useSession } from '@/lib/session'

/**
 * Renders its page for admins only; client users get the forbidden state inside the app shell.
 * The server refuses these reads too (403): this only spares the request and says why.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { role } = useSession()
  return role === 'admin' ? children : <ForbiddenState />
}

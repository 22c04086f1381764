import type { ReactNode } from 'react'
import type { Capability } from '@shared/access'
import { ForbiddenState } from '@/components/forbidden-state'
import { useCan } from '@/lib/session'

/**
 * Renders its page when the signed-in user's role may use it (the server's `permissions`);
 * otherwise the forbidden state inside the app shell. The server refuses these reads too (403):
 * this only spares the request and says why.
 */
export function RequirePermission({ to, children }: { to: Capability; children: ReactNode }) {
  return useCan(to) ? children : <ForbiddenState />
}

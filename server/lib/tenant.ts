import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Which company the work under way is for, where it is needed without being passed along: the
 * embedded database's turns (db/client.ts). Set per request once its session is known; work
 * outside a request (jobs) has none.
 */
const storage = new AsyncLocalStorage<{ organizationId?: string }>()

/** Runs `next` (the rest of a request) with a place for its company. */
export const withTenantScope = (next: () => void) => storage.run({}, next)

/** Says, for the rest of the current request, whose it is. */
export function enterTenant(organizationId: string) {
  const scope = storage.getStore()
  if (scope) scope.organizationId = organizationId
}

/** The company of the work under way, or '' when none is known. */
export const currentTenant = () => storage.getStore()?.organizationId ?? ''

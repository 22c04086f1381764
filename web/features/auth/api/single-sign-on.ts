import type { singleSignOnApi } from '@shared/api/single-sign-on'
import { endpoint } from '@shared/api/route'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api'
import { useDebouncedValue } from '@/lib/use-debounced-value'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const lookup = endpoint<typeof singleSignOnApi.lookup>('GET', '/api/auth/sso/lookup')
const start = endpoint<typeof singleSignOnApi.start>('GET', '/api/auth/sso/start')

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** The address to sign in through its firm's provider (a full navigation: the provider is elsewhere). */
export const ssoStartUrl = (email: string) =>
  `${start.path}?${new URLSearchParams({ email: email.trim() })}`

/**
 * Whether the address typed signs in through its firm's provider, asked once the typing pauses
 * and once per domain (it depends on the domain alone).
 */
export function useSsoLookup(email: string) {
  const settled = useDebouncedValue(email.trim().toLowerCase(), 400)
  const domain = LOOKS_LIKE_EMAIL.test(settled) ? settled.slice(settled.lastIndexOf('@') + 1) : ''
  return useQuery({
    queryKey: ['auth', 'sso-lookup', domain],
    queryFn: ({ signal }) => call(lookup, { query: { email: `x@${domain}` } }, { signal }),
    enabled: domain !== '',
    staleTime: 5 * 60_000,
    retry: false,
  })
}

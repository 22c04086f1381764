import type { singleSignOnApi } from '@shared/api/single-sign-on'
import { endpoint } from '@shared/api/route'
import { call } from '@/lib/api'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const lookup = endpoint<typeof singleSignOnApi.lookup>('GET', '/api/auth/sso/lookup')
const start = endpoint<typeof singleSignOnApi.start>('GET', '/api/auth/sso/start')

/** Whether addresses at this domain sign in through their firm's provider (by domain only). */
export const lookupSso = (domain: string, signal?: AbortSignal) =>
  call(lookup, { query: { email: `x@${domain}` } }, { signal })

/** The address to sign in through its firm's provider (a full navigation: the provider is elsewhere). */
export const ssoStartUrl = (email: string) =>
  `${start.path}?${new URLSearchParams({ email: email.trim() })}`

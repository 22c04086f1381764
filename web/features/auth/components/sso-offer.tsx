import { SSO_FAILURES, type SsoFailure } from '@shared/sso-failures'
import { useQuery } from '@tanstack/react-query'
import { Building2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { lookupSso, ssoStartUrl } from '../api/single-sign-on'

// Single sign-on on the sign-in page, loaded once an address is typed (or a sign-in came back
// refused): the page's initial JS does not carry it.

/**
 * Whether the address typed signs in through its firm's provider: asked once the typing pauses,
 * and once per domain (the answer depends on the domain alone).
 */
function useSsoLookup(email: string) {
  const settled = useDebouncedValue(email.trim().toLowerCase(), 400)
  // Rendered only for text that looks like an address; the settled text may lag behind it.
  const domain = settled.includes('@') ? settled.slice(settled.lastIndexOf('@') + 1) : ''
  return useQuery({
    queryKey: ['auth', 'sso-lookup', domain],
    queryFn: ({ signal }) => lookupSso(domain, signal),
    enabled: domain.includes('.'),
    staleTime: 5 * 60_000,
    retry: false,
  })
}

/** "Continue with SSO" for an address at a domain a firm has claimed; nothing otherwise. */
export default function SsoOffer({ email }: { email: string }) {
  const sso = useSsoLookup(email)
  if (!sso.data?.sso) return null
  return (
    <div className="grid gap-2">
      {sso.data.enforced ? (
        <p className="text-sm text-muted-foreground">
          Your firm signs you in through its identity provider.
        </p>
      ) : null}
      <Button asChild variant={sso.data.enforced ? 'default' : 'outline'} className="w-full">
        <a href={ssoStartUrl(email)}>
          <Building2 aria-hidden="true" />
          Continue with SSO
        </a>
      </Button>
    </div>
  )
}

/** Why a single sign-on came back refused (`/login?sso=<reason>`), said once at the top. */
export function SsoFailureAlert({ reason }: { reason: string }) {
  if (!(reason in SSO_FAILURES)) return null
  return (
    <p
      role="alert"
      className="mb-5 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
    >
      {SSO_FAILURES[reason as SsoFailure]}
    </p>
  )
}

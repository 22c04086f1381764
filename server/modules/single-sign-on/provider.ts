import { isIP } from 'node:net'
import * as oidc from 'openid-client'

/** How long a provider's discovery document is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000

export interface ProviderClient {
  issuer: string
  clientId: string
  clientSecret: string
}

/** Addresses only a test or a development machine should reach: loopback and private networks. */
function isLocalHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4)
    return (
      /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(host) ||
      /^172\.(1[6-9]|2\d|3[01])\./.test(host)
    )
  if (isIP(host) === 6) return host === '::1' || /^f[cd]/i.test(host) || /^fe80:/i.test(host)
  return false
}

/**
 * Why an issuer address may not be used, or null: https only (http with SSO_ALLOW_HTTP_ISSUER, for
 * tests and development), and no loopback or private address unless that is allowed too.
 */
export function issuerProblem(issuer: string, allowHttp: boolean) {
  const url = new URL(issuer)
  if (url.protocol !== 'https:' && !allowHttp) return 'The issuer must be an https:// address.'
  if (isLocalHost(url.hostname) && !allowHttp)
    return 'The issuer must be reachable on the internet, not a local or private address.'
  if (url.search || url.hash) return 'The issuer’s address cannot have a query or a fragment.'
  return null
}

/**
 * The firms' OpenID providers as `openid-client` configurations, each discovered from its issuer
 * (`/.well-known/openid-configuration`) and kept for 10 minutes.
 */
export function openIdProviders(options: { allowHttp: boolean; timeoutSeconds?: number }) {
  const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>()

  async function discover(client: ProviderClient) {
    const problem = issuerProblem(client.issuer, options.allowHttp)
    if (problem) throw new Error(problem)
    return oidc.discovery(
      new URL(client.issuer),
      client.clientId,
      { client_secret: client.clientSecret },
      oidc.ClientSecretBasic(client.clientSecret),
      {
        execute: options.allowHttp ? [oidc.allowInsecureRequests] : [],
        timeout: options.timeoutSeconds ?? 10,
      },
    )
  }

  return {
    /** A fresh discovery, for checking a provider before it is saved. */
    discover,
    /** The provider's configuration, discovered at most every 10 minutes. */
    configuration(client: ProviderClient, now: number) {
      const key = JSON.stringify([client.issuer, client.clientId, client.clientSecret])
      const cached = cache.get(key)
      if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.config
      const config = discover(client)
      cache.set(key, { at: now, config })
      config.catch(() => cache.delete(key))
      return config
    },
  }
}

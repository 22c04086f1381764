import { BlockList, isIP } from 'node:net'
import type { FastifyServerOptions } from 'fastify'

/**
 * Who may set the client address through X-Forwarded-For: nobody (false), the nearest `n` hops
 * (a number), or the proxies at these addresses and CIDR ranges.
 */
export type TrustProxy = false | number | string[]

/** Names that @fastify/proxy-addr expands to address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

const PRIVATE_PEERS = new BlockList()
for (const [address, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE_PEERS.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE_PEERS.addSubnet(address, prefix, 'ipv6')

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  // /0 would trust every address, as `true` does.
  return (
    /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128)
  )
}

/** TRUST_PROXY as written in the environment; a problem names what is wrong and what to set. */
export function parseTrustProxy(
  raw: string | undefined,
): { value: TrustProxy } | { problem: string } {
  const value = raw?.trim() ?? ''
  if (value === '' || value === 'false' || value === '0') return { value: false }
  if (value === 'true')
    return {
      problem:
        'trusts every hop, so any client could pick its own address with X-Forwarded-For (and escape the per-address limits): set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.5 or 10.0.0.0/8)',
    }
  if (/^\d+$/.test(value)) return { value: Number(value) }
  const entries = value.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isAddressOrRange(entry))
  if (bad.length)
    return {
      problem: `must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses and CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16); not an address or range: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    }
  return { value: entries }
}

/**
 * Fastify's `trustProxy` for a TrustProxy. Fastify ignores a bare hop count (a client that reaches
 * the app directly could write its own X-Forwarded-For), so a count trusts the nearest hops only
 * when the connection itself comes from a loopback, link-local or private address.
 */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust
  return (address: string, hop: number) =>
    hop < trust && (hop > 0 || PRIVATE_PEERS.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4'))
}

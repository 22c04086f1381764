import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Requests the server makes to addresses its users give it (webhooks), guarded against
 * server-side request forgery (decision 049): https only, every address the name resolves to
 * must be public (not loopback, private, link-local, unique-local, carrier-grade NAT, multicast,
 * reserved, nor an IPv6 form of one), checked again when the socket connects (a name that
 * resolves differently then, DNS rebinding, is refused), no redirects followed, at most 1 KB of
 * the answer kept.
 */

/** A DNS lookup as `node:dns` has it, all addresses at once (tests pass a stub). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>

export interface OutboundPolicy {
  /** Takes http:// and internal addresses: tests and on-premises set-ups (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivate: boolean
  resolve?: ResolveAll
}

export class OutboundRefused extends Error {}

const systemResolve: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    systemLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  )

/** Whether an address is on the public internet: only ipaddr.js's `unicast` (no special range). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * Whether `raw` may be sent to: its form (the scheme, no credentials) and, unless the policy allows
 * private targets, every address its host resolves to now. Throws OutboundRefused saying why.
 */
export async function checkTarget(raw: string, policy: OutboundPolicy): Promise<URL> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OutboundRefused('Enter a full address, such as https://example.com/hooks')
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(url.protocol))
    throw new OutboundRefused('Only https:// addresses are taken')
  if (url.username || url.password)
    throw new OutboundRefused('The address cannot carry a user name or password')
  if (policy.allowPrivate) return url
  const host = hostOf(url)
  const addresses = isIP(host)
    ? [host]
    : await (policy.resolve ?? systemResolve)(host).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new OutboundRefused(`${host} cannot be resolved`)
        },
      )
  if (addresses.length === 0) throw new OutboundRefused(`${host} cannot be resolved`)
  if (!addresses.every(isPublicAddress))
    throw new OutboundRefused('The address is internal: only public addresses are taken')
  return url
}

/**
 * The lookup the socket uses as it connects: the same resolution and the same rule, so that the
 * address connected to is one that was checked (node does not look up a literal IP: checkTarget
 * covered it).
 */
function guardedLookup(policy: OutboundPolicy) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    ;(policy.resolve ?? systemResolve)(hostname).then(
      (found) => {
        const usable = found.filter((entry) => !options.family || options.family === entry.family)
        if (usable.length === 0)
          return callback(new OutboundRefused(`${hostname} cannot be resolved`), '', 0)
        if (!policy.allowPrivate && !usable.every((entry) => isPublicAddress(entry.address)))
          return callback(
            new OutboundRefused('The address is internal: only public addresses are taken'),
            '',
            0,
          )
        if (options.all) return callback(null, usable)
        callback(null, usable[0]!.address, usable[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

export interface OutboundAnswer {
  status: number
  /** The first 1 KB of the body, as text. */
  body: string
  durationMs: number
}

export const OUTBOUND_BODY_KEPT_BYTES = 1024

/**
 * POSTs `body` to `url` (checked first), giving up after `timeoutMs`. Answers whatever status
 * came back (a redirect is an answer like any other: never followed); throws on no answer.
 */
export async function postJson(
  raw: string,
  options: {
    body: string
    headers: Record<string, string>
    timeoutMs: number
    policy: OutboundPolicy
  },
): Promise<OutboundAnswer> {
  const url = await checkTarget(raw, options.policy)
  const started = performance.now()
  const client = url.protocol === 'https:' ? https : http
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
        },
        lookup: guardedLookup(options.policy),
        agent: false,
        timeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = []
        let kept = 0
        response.on('data', (chunk: Buffer) => {
          if (kept < OUTBOUND_BODY_KEPT_BYTES) {
            chunks.push(chunk.subarray(0, OUTBOUND_BODY_KEPT_BYTES - kept))
            kept += Math.min(chunk.length, OUTBOUND_BODY_KEPT_BYTES - kept)
          }
          // The rest is not read: the answer's size is the receiver's business, not ours.
          if (kept >= OUTBOUND_BODY_KEPT_BYTES) response.destroy()
        })
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          })
        response.on('end', done)
        response.on('close', done)
        response.on('error', done)
      },
    )
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`)),
    )
    request.on('error', (error) =>
      reject(
        error.name === 'AbortError'
          ? new Error(`No answer within ${options.timeoutMs / 1000} s`)
          : error,
      ),
    )
    request.end(options.body)
  })
}

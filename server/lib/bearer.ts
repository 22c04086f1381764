import type { FastifyRequest } from 'fastify'
import { API_TOKEN_PREFIX } from '@shared/schemas/api-tokens'

/**
 * Whether the call carries an API token: `Authorization: Bearer …`. Another scheme (Basic, from a
 * proxy's own sign-in in front of the app) is not ours and is left alone; a malformed bearer
 * value is a token that resolves to nobody.
 */
export type Authorization = { kind: 'none' } | { kind: 'bearer'; secret: string }

const BEARER = /^bearer(?:\s+|$)/i
const SECRET = /^[\x21-\x7e]{1,512}$/

export function authorizationOf(request: FastifyRequest): Authorization {
  const header = request.headers.authorization?.trim()
  if (header === undefined || !BEARER.test(header)) return { kind: 'none' }
  const secret = header.replace(BEARER, '')
  return { kind: 'bearer', secret: SECRET.test(secret) ? secret : '' }
}

/**
 * Parameter names scripts use for an API token in an address (RFC 6750's `access_token` among
 * them); not `token`, which our one-time links use (unsubscribe, invitations).
 */
const TOKEN_PARAMETERS = new Set(['access_token', 'api_key', 'apikey', 'api_token'])

/**
 * Whether the address carries an API token (by its prefix, or in a parameter named for one):
 * addresses end up in logs, histories and Referer headers, so such a call is refused.
 */
export function tokenInQuery(url: string) {
  const start = url.indexOf('?')
  if (start === -1) return false
  for (const [name, value] of new URLSearchParams(url.slice(start + 1)))
    if (value.startsWith(API_TOKEN_PREFIX) || (TOKEN_PARAMETERS.has(name.toLowerCase()) && value))
      return true
  return false
}

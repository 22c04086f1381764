import type { IncomingMessage, ServerResponse } from 'node:http'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { ApiErrorBody } from '@shared/errors'
import type { Config } from '../config'
import { AppError } from '../lib/errors'
import { addressKey } from '../lib/address-key'
import { authorizationOf, tokenInQuery } from '../lib/bearer'
import { sha256 } from '../lib/crypto'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart/form-data body (file uploads) instead of JSON. */
    multipartUpload?: boolean
    /**
     * Authorized by a token in its address, never by cookies: posts from any site and form bodies
     * are taken (one-click unsubscribe, RFC 8058, which mail providers post from their servers).
     */
    tokenInAddress?: boolean
    /** A per-IP limit of the route's own, on top of the API-wide one (the account routes). */
    limit?: { perMinute: number }
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The headers helmet sets for these options. They depend on the configuration only, never on the
 * request, so they are worked out once at start: helmet's middleware builds every header anew on
 * each call, about 3% of a signed-in list's CPU when it ran per request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader: () => undefined,
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err
  })
  return headers
}

/** Headers for every answer, pages and API alike: CSP and friends. */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const https = config.secureCookies
  const turnstile = config.captcha.turnstile ? ['https://challenges.cloudflare.com'] : []
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...turnstile],
        // Page responses add a per-request nonce for the <style> elements Radix injects (plugins/spa.ts).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...turnstile],
        // 'self' for the file previews (decision 027): the only answers that let our pages frame them.
        frameSrc: ["'self'", ...turnstile],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
})

/** What a rate limit answered for one request (@fastify/rate-limit's `createRateLimit`). */
type LimitResult = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>

/**
 * The API's own rules, registered inside the /api scope so that they attach to its routes (and to
 * its 404s) however the URL was spelled: the router decodes `/%61pi/…` to the same route, and the
 * scope's hooks come with it. In order: no-store, the per-IP and per-token limits, tokens in the
 * address refused, cross-site refusal; all of them before the session or token lookup.
 */
export const apiScopePlugin = fp(async (api: FastifyInstance, { config }: { config: Config }) => {
  const appOrigin = new URL(config.appUrl).origin

  // The library keeps the counters (in Redis when REDIS_URL is set, so that every instance counts
  // against one budget; else in process); the hook below applies them, so that both limits run
  // before any other API hook and a route's own limit is keyed by its route, not its spelling.
  await api.register(rateLimit, {
    global: false,
    ...(api.redis ? { redis: api.redis, nameSpace: `${config.redis!.keyPrefix}rate-limit:` } : {}),
  })
  const perIp = api.createRateLimit({
    max: config.rateLimit.globalPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api:${addressKey(request.ip)}`,
  })
  // An API token has the same budget of its own, whichever addresses it calls from.
  const perToken = api.createRateLimit({
    max: config.rateLimit.globalPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const authorization = authorizationOf(request)
      return `api-token:${authorization.kind === 'bearer' ? sha256(authorization.secret) : ''}`
    },
  })
  const perRoute = new Map<string, typeof perIp>()
  const routeLimiter = (request: FastifyRequest, perMinute: number) => {
    // HEAD is a GET without its body: one budget for both.
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const route = `${method} ${request.routeOptions.url}`
    let limiter = perRoute.get(route)
    if (!limiter) {
      limiter = api.createRateLimit({
        max: perMinute,
        timeWindow: 60_000,
        keyGenerator: (r) => `${route}:${addressKey(r.ip)}`,
      })
      perRoute.set(route, limiter)
    }
    return limiter
  }

  async function enforce(reply: FastifyReply, result: LimitResult) {
    if (result.isAllowed) return
    reply.header('X-RateLimit-Limit', result.max)
    reply.header('X-RateLimit-Remaining', result.remaining)
    reply.header('X-RateLimit-Reset', result.ttlInSeconds)
    if (result.isExceeded)
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`,
        undefined,
        { 'Retry-After': String(result.ttlInSeconds) },
      )
  }

  api.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
  })
  let lastWarned = 0
  /** Redis down: the request goes through unlimited (decision 016), and the log says so. */
  async function check(request: FastifyRequest, limiter: typeof perIp) {
    try {
      return await limiter(request)
    } catch (err) {
      if (!api.redis) throw err
      if (Date.now() - lastWarned > 10_000) {
        lastWarned = Date.now()
        request.log.warn(
          { err, event: 'rate_limit.unavailable' },
          'rate limits not applied: Redis does not answer',
        )
      }
      return null
    }
  }

  api.addHook('onRequest', async (request, reply) => {
    const limit = request.routeOptions.config.limit
    const global = await check(request, perIp)
    if (global) await enforce(reply, global)
    if (authorizationOf(request).kind === 'bearer') {
      const token = await check(request, perToken)
      if (token) await enforce(reply, token)
    }
    if (!limit) return
    const own = await check(request, routeLimiter(request, limit.perMinute))
    if (own) await enforce(reply, own)
  })
  api.addHook('onRequest', async (request) => {
    if (tokenInQuery(request.url))
      throw new AppError(
        'UNAUTHENTICATED',
        'API tokens are refused in the address: send the token in the Authorization header (Bearer).',
      )
  })
  api.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    if (request.routeOptions.config.tokenInAddress) return
    // A call with an API token carries no ambient credential for another site to forge: a page
    // cannot set Authorization on a cross-site request without CORS, which we never grant. The
    // access hook then takes the token alone, never the cookie (plugins/contract.ts).
    const withToken =
      authorizationOf(request).kind === 'bearer' &&
      request.routeOptions.config.access !== undefined &&
      request.routeOptions.config.access !== 'public'
    const origin = request.headers.origin
    if (
      !withToken &&
      (request.headers['sec-fetch-site'] === 'cross-site' || origin !== appOrigin)
    ) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused')
    }
    // Checked here, before authentication, so every mutation refuses a form or text body alike.
    const hasBody =
      (request.headers['content-length'] ?? '0') !== '0' ||
      request.headers['transfer-encoding'] !== undefined
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
    // Uploads opt in by route (never by URL): multipart there, and nothing else.
    const expected = request.routeOptions.config.multipartUpload
      ? 'multipart/form-data'
      : 'application/json'
    if (hasBody && mediaType !== expected) {
      if (expected === 'multipart/form-data')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json')
    }
  })

  api.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    } satisfies ApiErrorBody),
  )
})

/** The account routes' own limit (sign-in, registration, resets, invitation links): per IP, per route. */
export const accountRouteLimit = (config: Config) => ({
  limit: { perMinute: config.rateLimit.authPerMinute },
})

import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { AppError } from '../lib/errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart/form-data body (file uploads) instead of JSON. */
    multipartUpload?: boolean
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Headers (CSP and friends), cross-site request refusal, no-store on the API, per-IP rate limit. */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const https = config.secureCookies
  const turnstile = config.captcha.turnstile ? ['https://challenges.cloudflare.com'] : []
  await app.register(helmet, {
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
        frameSrc: turnstile.length ? turnstile : ["'none'"],
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

  const appOrigin = new URL(config.appUrl).origin
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store')
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    if (request.headers['sec-fetch-site'] === 'cross-site' || origin !== appOrigin) {
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

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalPerMinute,
    timeWindow: 60_000,
    // Pages and their assets are static files: a cold page load alone fetches dozens of them.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  })
})

import { randomBytes } from 'node:crypto'
import swagger from '@fastify/swagger'
import scalar from '@scalar/fastify-api-reference'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { ERROR_CODES } from '@shared/errors'

const NONCE_PLACEHOLDER = '__CSP_NONCE__'

/** Every failure of the API, in its one shape (shared/errors.ts). */
const errorSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string', enum: Object.keys(ERROR_CODES) },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
}

/** Adds the error answer to each operation, so clients know the shape of every refusal. */
function withErrors<T extends object>(document: T): T {
  const { paths = {}, components = {} } = document as {
    paths?: Record<string, Record<string, { responses?: object }>>
    components?: { schemas?: object }
  }
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations))
      operation.responses = {
        ...operation.responses,
        '4XX': {
          description: 'Refused: the message says why (400 names the fields)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      }
  return {
    ...document,
    components: { ...components, schemas: { ...components.schemas, Error: errorSchema } },
  }
}

/**
 * The API's OpenAPI 3.1 document, generated from the route table in shared/api as the routes are
 * registered (served by GET /api/openapi.json), and a readable reference at /api/docs (Scalar,
 * served from the package: no third party). Register before the routes.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AuditDesk API',
        version: '1',
        description:
          'JSON over HTTP, signed in by a session cookie (POST /api/auth/login) or by a personal API token (`Authorization: Bearer adk_…`, made in Settings → API tokens): a token acts as its user in the company it was made in, reading only with the `read` scope, and is refused in the address (401). A session’s mutations must carry the app’s own `Origin`; every body is JSON (uploads: multipart/form-data). Errors always have the shape `{ message, code, errors? }`. Another company’s ids answer 404, like missing ones; a route the caller’s role may not use answers 403 before anything is read.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: app.config.secureCookies ? '__Host-session' : 'session',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (`adk_…`) from Settings → API tokens. Routes of one’s account security and the company’s sign-in rules take a session only.',
          },
        },
      },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
    transformObject: (document) => withErrors(jsonSchemaTransformObject(document)),
  })

  await app.register(async (docs) => {
    // The page's inline scripts run under a nonce of their own, as the app's pages do. Its viewer
    // sets style attributes as it renders, which no nonce covers: inline styles are allowed on this
    // page only (it holds no user data; scripts stay nonce-only).
    docs.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload !== 'string' || !payload.includes(NONCE_PLACEHOLDER)) return payload
      const nonce = randomBytes(16).toString('base64')
      const policy = String(reply.getHeader('content-security-policy') ?? '')
      reply.header(
        'Content-Security-Policy',
        policy
          .replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
      )
      return payload.replaceAll(NONCE_PLACEHOLDER, nonce)
    })
    await docs.register(scalar, {
      routePrefix: '/api/docs',
      logLevel: 'warn',
      configuration: {
        url: '/api/openapi.json',
        pageTitle: 'AuditDesk API',
        nonce: NONCE_PLACEHOLDER,
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        // Nothing that calls out to Scalar's services from our users' browsers.
        agent: { disabled: true },
        showDeveloperTools: 'never',
        defaultOpenAllTags: true,
        // "Test request" sends the token the reader pastes in as a bearer header.
        authentication: { preferredSecurityScheme: 'bearer' },
      },
    })
  })
})

import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { Access } from '@shared/access'
import type { ApiRoute } from '@shared/api'
import { FORBIDDEN_MESSAGE, hasCapability } from '../access/can'
import type { Page } from '../db/keyset'
import { AppError } from '../lib/errors'
import { authorizationOf } from '../lib/bearer'
import { API_TOKEN_REFUSED_MESSAGE, requireApiToken, requireSession } from './session'

/** What a token of the `read` scope may call. */
const READ_METHODS = new Set(['GET', 'HEAD'])
const READ_SCOPE_MESSAGE =
  'This API token may only read (its scope is ["read"]): make one with the "write" scope to change data.'

const MFA_SETUP_MESSAGE =
  'Your company requires two-factor sign-in: set up an authenticator app to continue.'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from its entry in shared/api): checked before anything is read. */
    access?: Access
    /** The route's entry in shared/api. */
    contract?: ApiRoute
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

/** A request to a contract route: params, query and body as its schemas output them. */
export type ApiRequest<R extends ApiRoute> = FastifyRequest<{
  Params: Out<R['params']>
  Querystring: Out<R['query']>
  Body: Out<R['body']>
}>

/**
 * What a handler returns: the reply's body, one page of it (a list: the body and the next page's
 * cursor), or (for a file) the reply it has sent.
 */
type HandlerResult<R extends ApiRoute> = R['reply'] extends z.ZodType
  ? R['page'] extends true
    ? Page<z.output<R['reply']>>
    : z.output<R['reply']>
  : FastifyReply

export interface HandlerOptions {
  /** Server-side settings of the route: its own rate limit, upload limits. */
  config?: FastifyContextConfig
  bodyLimit?: number
}

/** A file reply in the OpenAPI document: its media type, binary. */
const binary = z.string().meta({ format: 'binary' })

const SUCCESS = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Found',
  303: 'See Other',
} as const

const nextPageLink = {
  Link: {
    description:
      'While more rows follow: `<…>; rel="next"`, the address of the next page (the same query with its `cursor`).',
    schema: { type: 'string' },
  },
}

function responseSchema(route: ApiRoute) {
  if (route.status === 204) return { 204: z.undefined().describe(SUCCESS[204]) }
  if (route.status === 302 || route.status === 303)
    return { [route.status]: z.undefined().describe(`${SUCCESS[route.status]}: see Location`) }
  if (route.reply instanceof z.ZodType)
    return {
      [route.status]: {
        description: SUCCESS[route.status],
        ...(route.page ? { headers: nextPageLink } : {}),
        content: { 'application/json': { schema: route.reply } },
      },
    }
  return {
    [route.status]: {
      description: route.reply.description,
      content: { [route.reply.file]: { schema: binary } },
    },
  }
}

/**
 * Registers the handler of a route of shared/api: its path, validation, reply schema, status and
 * access all come from the route table. Call inside the /api scope.
 */
export function handle<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (
    request: ApiRequest<R>,
    reply: FastifyReply,
  ) => Promise<HandlerResult<R> | FastifyReply | void>,
  options: HandlerOptions = {},
) {
  if (app.prefix !== '/api') throw new Error(`${route.path} must be registered in the /api scope`)
  const sendsFile = !(route.reply instanceof z.ZodType)
  // Files and streams are sent for as long as the client reads, and an upload's handler reads
  // its body: neither holds the firm's turn (lib/tenant.ts) meanwhile.
  const takesFirmTurn = !sendsFile && !route.upload
  app.route({
    method: route.method,
    url: route.path.slice('/api'.length),
    schema: {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(route.access === 'public'
        ? {}
        : { security: route.sessionOnly ? [{ session: [] }] : [{ session: [] }, { bearer: [] }] }),
      response: responseSchema(route),
    },
    config: {
      ...options.config,
      access: route.access,
      contract: route,
      ...(route.upload ? { multipartUpload: true } : {}),
      ...(route.tokenInAddress ? { tokenInAddress: true } : {}),
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const answer = () => handler(request as ApiRequest<R>, reply)
      const firm = request.user?.organizationId
      if (firm !== undefined) request.server.heavyWork.atWork(firm)
      const result = await request.server.background.track(
        firm === undefined
          ? answer()
          : request.server.firmTurns.run(firm, answer, { turn: takesFirmTurn }),
      )
      // A file, or an answer the handler sent itself (the health check's 503).
      if (sendsFile || result === reply) return result
      reply.code(route.status)
      if (route.page) {
        const { items, next } = result as Page<unknown>
        if (next !== null) reply.header('Link', `<${nextPageUrl(request.url, next)}>; rel="next"`)
        return items
      }
      return route.status === 204 ? reply.send() : result
    },
  } as RouteOptions)
}

/** The request's own address (as the client spelled its path) with the next page's cursor. */
function nextPageUrl(url: string, cursor: string) {
  const [path = '', search = ''] = url.split('?', 2)
  const query = new URLSearchParams(search)
  query.set('cursor', cursor)
  return `${path}?${query.toString()}`
}

/**
 * Access for the /api scope, default-deny: every route must declare who may call it (a route
 * without a rule stops the app from starting), and a hook checks it before validation and before
 * any lookup, so a caller without the capability learns nothing from a bad body or id (403).
 * Whether an action is possible on one resource is decided again by the service (access/can.ts).
 */
export const contractPlugin = fp(async (api: FastifyInstance) => {
  api.addHook('onRoute', (route) => {
    if (route.config?.access === undefined)
      throw new Error(
        `${String(route.method)} ${route.url} has no access rule: declare it in shared/api and register it with handle()`,
      )
  })
  api.addHook('onRequest', async function (request, reply) {
    // An unknown path (the scope's 404) has no route config.
    const access = request.routeOptions.config.access
    if (access === undefined || access === 'public') return
    const authorization = authorizationOf(request)
    if (authorization.kind === 'none') await requireSession.call(this, request, reply)
    else await requireApiToken.call(this, request, authorization)
    const token = request.user!.token
    if (token) {
      if (request.routeOptions.config.contract?.sessionOnly)
        throw new AppError('FORBIDDEN', API_TOKEN_REFUSED_MESSAGE)
      if (!token.write && !READ_METHODS.has(request.method))
        throw new AppError('FORBIDDEN', READ_SCOPE_MESSAGE)
    }
    if (request.user!.mfaSetupRequired && !request.routeOptions.config.contract?.duringMfaSetup)
      throw new AppError('MFA_SETUP_REQUIRED', MFA_SETUP_MESSAGE)
    if (access !== 'signed-in' && !hasCapability(request.user!, access))
      throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE)
  })
})

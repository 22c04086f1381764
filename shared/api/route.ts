import type { z } from 'zod'
import type { Access } from '../access'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A reply that is not JSON: a file, an export. */
export interface FileReply {
  file: string
  description: string
}

/**
 * One API route, as both sides see it: the server registers its handler and validation from it,
 * the web client is typed (and, in development and tests, checks replies) by it, and the OpenAPI
 * document is generated from it.
 */
export interface ApiRoute {
  method: HttpMethod
  /** The full path, parameters as `:name` (`/api/clients/:id`). */
  path: `/api/${string}`
  summary: string
  description?: string
  tag: string
  access: Access
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The body is multipart/form-data (file uploads) instead of JSON. */
  upload?: true
  /**
   * Authorized by a token in its address alone, never by the session: it takes posts from any
   * site and a form body (RFC 8058 one-click unsubscribe, which mail providers post).
   */
  tokenInAddress?: true
  /**
   * Open to a signed-in user whom the company's policy holds until they set up a second factor
   * (every other route answers them 403 `MFA_SETUP_REQUIRED`).
   */
  duringMfaSetup?: true
  /**
   * Only a browser session may call it, never an API token (403): the account's own security
   * (password, factors, sessions, tokens) and the company's sign-in rules.
   */
  sessionOnly?: true
  /** The success status; its body is `reply` (302, 303: none, the `Location` says where to go). */
  status: 200 | 201 | 204 | 302 | 303
  reply: z.ZodType | FileReply
  /**
   * The reply is one page of a list (decision 014): the query takes `limit` and `cursor`, and a
   * `Link: <…>; rel="next"` header gives the next page's address while more rows exist.
   */
  page?: true
}

export const defineRoute = <const R extends ApiRoute>(route: R) => route

/**
 * A route by its method and path only, typed as the whole route (pass `typeof xApi.y`): for the
 * public pages, whose initial JS must not carry the schemas (zod). The compiler checks both
 * against the route table; in development the client looks the schemas up to check the reply.
 */
export interface Endpoint<R extends ApiRoute = ApiRoute> {
  method: R['method']
  path: R['path']
  /** Type only: the route this endpoint stands for. */
  readonly route?: R
}

export const endpoint = <R extends ApiRoute>(
  method: R['method'],
  path: R['path'],
): Endpoint<R> => ({
  method,
  path,
})

type Input<S> = S extends z.ZodType ? z.input<S> : never

export type ParamsOf<R extends ApiRoute> = Input<R['params']>
export type QueryOf<R extends ApiRoute> = Input<R['query']>
export type BodyOf<R extends ApiRoute> = Input<R['body']>
/** What a successful call returns. */
export type ReplyOf<R extends ApiRoute> = R['reply'] extends z.ZodType ? z.output<R['reply']> : Blob

/** A route's path with its parameters filled in, each encoded. */
export function pathOf(route: Pick<ApiRoute, 'path'>, params?: Record<string, string>) {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`)
    return encodeURIComponent(value)
  })
}

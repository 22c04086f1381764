import type { z } from 'zod'
import {
  pathOf,
  type ApiRoute,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
} from '@shared/api/route'
import type { ErrorCode, FieldError } from '@shared/errors'

type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN'

/**
 * A failed API call. `message` is the server's human message; `text` (also `toString()`) keeps
 * the spec's "<status>: <body text or status text>" form.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  readonly errors: FieldError[]
  readonly text: string

  constructor(init: {
    status: number
    code: ApiErrorCode
    message: string
    errors?: FieldError[]
    text: string
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.errors = init.errors ?? []
    this.text = init.text
  }

  override toString() {
    return this.text
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The server's message for a failed call, or `fallback` when there is none worth showing. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status > 0 && error.status < 500 && error.message)
    return error.message
  return fallback
}

export const networkError = () =>
  new ApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: 'Could not reach the server. Check your connection and try again.',
    text: '0: Network error',
  })

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function toFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (item): item is FieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.path === 'string' &&
      typeof item.message === 'string',
  )
}

/**
 * The one reading of a failed answer, for fetch and for uploads alike: the server's message and
 * code when it sent its error shape, else the status text (a proxy's 413 page, say).
 */
export function apiErrorFrom(status: number, body: string, statusText: string): ApiError {
  const parsed = parseJson(body) as
    { message?: unknown; code?: unknown; errors?: unknown } | undefined
  const message =
    typeof parsed?.message === 'string' && parsed.message
      ? parsed.message
      : status === 413
        ? 'This file is too large'
        : statusText || 'Request failed'
  return new ApiError({
    status,
    code: typeof parsed?.code === 'string' ? (parsed.code as ErrorCode) : 'UNKNOWN',
    message,
    errors: toFieldErrors(parsed?.errors),
    text: `${status}: ${body || statusText}`,
  })
}

type Input<S, Key extends string, T> = S extends z.ZodType
  ? object extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T }
  : { [K in Key]?: never }

/** What a call of the route takes: its path parameters, query and body, each where it has one. */
export type CallInput<R extends ApiRoute> = Input<R['params'], 'params', ParamsOf<R>> &
  Input<R['query'], 'query', QueryOf<R>> &
  Input<R['body'], 'body', BodyOf<R>>

type CallArgs<R extends ApiRoute> =
  object extends CallInput<R>
    ? [input?: CallInput<R>, init?: { signal?: AbortSignal }]
    : [input: CallInput<R>, init?: { signal?: AbortSignal }]

/** The route's URL with its parameters and query filled in. */
export function urlOf<R extends ApiRoute>(
  route: R | Endpoint<R>,
  input: Partial<CallInput<R>> = {},
) {
  const path = pathOf(route, input.params as Record<string, string> | undefined)
  const query = input.query
    ? new URLSearchParams(
        Object.entries(input.query as Record<string, unknown>).flatMap(([key, value]) =>
          value === undefined || value === null ? [] : [[key, String(value)]],
        ),
      ).toString()
    : ''
  return query ? `${path}?${query}` : path
}

/**
 * In development and tests every reply is checked against the route's schema in shared/api, so
 * a server that breaks the contract fails loudly there instead of on a user's screen. An endpoint
 * (a public page's, without its schemas) has them looked up; production builds leave all this out.
 */
async function checkReply(route: ApiRoute | Endpoint, reply: unknown) {
  if (import.meta.env.DEV) {
    const full =
      'reply' in route
        ? route
        : (await import('@shared/api')).apiRoutes.find(
            (entry) => entry.method === route.method && entry.path === route.path,
          )
    if (!full) throw new Error(`${route.method} ${route.path} is not in shared/api`)
    if (!('safeParse' in full.reply)) return
    const result = (full.reply as z.ZodType).safeParse(reply)
    if (!result.success)
      throw new Error(
        `The reply of ${route.method} ${route.path} does not match shared/api: ${result.error.issues
          .slice(0, 5)
          .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
          .join('; ')}`,
      )
  }
}

/**
 * Sends a call and reads its JSON reply (checked against the route), keeping the response (for
 * its headers: a list page's Link).
 */
export async function send<R extends ApiRoute>(
  route: R | Endpoint<R>,
  input: Partial<CallInput<R>> | undefined,
  init: { signal?: AbortSignal } | undefined,
): Promise<{ reply: ReplyOf<R>; response: Response }> {
  const body = (input as { body?: unknown } | undefined)?.body
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'

  let response: Response
  try {
    response = await fetch(urlOf(route, input), {
      method: route.method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: init?.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw networkError()
  }

  const text = await response.text()
  if (!response.ok) throw apiErrorFrom(response.status, text, response.statusText)
  if (!text) return { reply: undefined as ReplyOf<R>, response }
  const reply = parseJson(text) ?? text
  await checkReply(route, reply)
  return { reply: reply as ReplyOf<R>, response }
}

/**
 * Calls a route of the API (shared/api), typed by its entry: the session cookie goes along, a JSON
 * body is sent as JSON, a failure becomes an ApiError. Aborting rejects with the AbortError.
 */
export async function call<R extends ApiRoute>(
  route: R | Endpoint<R>,
  ...[input, init]: CallArgs<R>
): Promise<ReplyOf<R>> {
  return (await send(route, input, init)).reply
}

export interface UploadProgress {
  loaded: number
  total: number
}

/**
 * Sends one file to an upload route as multipart form data, with XMLHttpRequest so that its
 * progress can be shown (fetch cannot report it). Same-origin: the browser sends the cookie and
 * the Origin the server checks, and sets the multipart Content-Type with its boundary.
 */
export function upload<R extends ApiRoute & { upload: true }>(
  route: R,
  input: CallInput<R>,
  file: File,
  {
    onProgress,
    signal,
    fields = {},
  }: {
    onProgress?: (progress: UploadProgress) => void
    signal?: AbortSignal
    /** Form fields sent before the file (an import's sheet and mapping). */
    fields?: Record<string, string>
  },
): Promise<ReplyOf<R>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(route.method, urlOf(route, input))
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      })
    })
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFrom(xhr.status, xhr.responseText, xhr.statusText))
        return
      }
      const reply = parseJson(xhr.responseText)
      checkReply(route, reply).then(() => resolve(reply as ReplyOf<R>), reject)
    })
    xhr.addEventListener('error', () => reject(networkError()))
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('file', file, file.name)
    xhr.send(form)
  })
}

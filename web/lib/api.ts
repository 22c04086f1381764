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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

interface ErrorBodyShape {
  message?: unknown
  code?: unknown
  errors?: unknown
}

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

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: init?.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
      text: '0: Network error',
    })
  }

  const text = await response.text()

  if (!response.ok) {
    const parsed = parseJson(text) as ErrorBodyShape | undefined
    const message =
      typeof parsed?.message === 'string' && parsed.message
        ? parsed.message
        : response.statusText || 'Request failed'
    const code = typeof parsed?.code === 'string' ? (parsed.code as ErrorCode) : 'UNKNOWN'
    throw new ApiError({
      status: response.status,
      code,
      message,
      errors: toFieldErrors(parsed?.errors),
      text: `${response.status}: ${text || response.statusText}`,
    })
  }

  if (!text) return undefined as T
  return (parseJson(text) ?? text) as T
}

export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) =>
    request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
}

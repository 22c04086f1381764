import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify'
import fp from 'fastify-plugin'
import { DrizzleQueryError } from 'drizzle-orm'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiErrorBody, ErrorCode } from '@shared/errors'
import {
  AppError,
  causeChain,
  hasErrorCode,
  isStatementTimeout,
  isStorageFull,
} from '../lib/errors'

const codeForStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'UNAVAILABLE',
}

// A connection refused, reset or unreachable: the database's, or another service's (S3).
const NETWORK_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]
// A query or connection past its client-side deadline (db/client.ts), and PostgreSQL's "admin
// shutdown", "cannot connect now" and connection classes.
const DATABASE_CODES = [
  'DATABASE_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]

// What node-postgres and its pool say, without a code, when a connection is gone or never came.
const DATABASE_MESSAGES =
  /Connection terminated|connection is closed|Client was closed|not queryable|timeout exceeded when trying to connect|after calling end on the pool/i

/** Which dependency a failure says is out of reach: the database, another service, or none. */
export function unavailableDependency(error: unknown): 'database' | 'service' | undefined {
  if (hasErrorCode(error, DATABASE_CODES)) return 'database'
  const chain = [...causeChain(error)]
  if (chain.some((e) => e instanceof Error && DATABASE_MESSAGES.test(e.message))) return 'database'
  if (!hasErrorCode(error, NETWORK_CODES)) return undefined
  // Drizzle wraps every failed query: a refused connection under it is the database's.
  return chain.some((e) => e instanceof DrizzleQueryError) ? 'database' : 'service'
}

const UNAVAILABLE_MESSAGE = {
  database: 'The database is not answering right now. Please try again in a moment.',
  service:
    'A service AuditDesk depends on is not answering right now. Please try again in a moment.',
}

/** How long a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5

/**
 * The client hung up before its request had fully arrived: whatever failed was reading the body
 * (the JSON parser, an upload), and there is no one left to answer. A database error carries the
 * same codes (ECONNRESET…), so the state of the request decides, not the code.
 */
const abortedByClient = (request: FastifyRequest) =>
  request.raw.socket?.destroyed === true && !request.raw.complete

/** Maps every failure to the one JSON error shape; 5xx never reveal internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (abortedByClient(request)) {
      if (!request.timedOut)
        request.log.info(
          { event: 'request.aborted', reason: error.code ?? error.message },
          'the client went away before its request arrived',
        )
      return
    }
    // Refused before its body has all arrived (an early 401, 413 or 415): the rest of the body
    // would be read as the start of the next request on this connection, so it closes instead.
    if (request.raw.complete === false) reply.header('Connection', 'close')
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      const body: ApiErrorBody = { message: error.message, code: error.code }
      if (error.errors) body.errors = error.errors
      return reply.code(error.statusCode).send(body)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.flatMap((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
        const keys = (issue.params as { keys?: string[] }).keys
        if (issue.keyword === 'unrecognized_keys' && keys) {
          // One entry per field, so that each path names a field.
          return keys.map((key) => ({
            path: path ? `${path}.${key}` : key,
            message: `Unknown field: ${key}`,
          }))
        }
        return [{ path, message: issue.message ?? 'Invalid value' }]
      })
      const where =
        error.validationContext === 'body' ? 'request body' : (error.validationContext ?? 'request')
      return reply.code(400).send({
        message: errors[0] ? errors[0].message : `Invalid ${where}`,
        code: 'VALIDATION',
        errors,
      } satisfies ApiErrorBody)
    }
    if (isStatementTimeout(error)) {
      request.log.error(
        { err: error, event: 'db.statement_timeout' },
        'database statement timed out',
      )
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({
          message: 'The database took too long to answer. Please try again in a moment.',
          code: 'UNAVAILABLE',
        } satisfies ApiErrorBody)
    }
    if (isStorageFull(error)) {
      request.log.error(
        { err: error, event: 'storage.full' },
        'storage full: the change was refused',
      )
      return reply.code(507).send({
        message:
          "The server's storage is full. Your change was not saved; please try again later or tell your administrator.",
        code: 'STORAGE_FULL',
      } satisfies ApiErrorBody)
    }
    const away = unavailableDependency(error)
    if (away) {
      request.log.error(
        { err: error, event: away === 'database' ? 'db.unavailable' : 'service.unavailable' },
        `${away} unavailable`,
      )
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE[away], code: 'UNAVAILABLE' } satisfies ApiErrorBody)
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(status === 503 ? 503 : 500).send({
        message:
          status === 503
            ? 'Service temporarily unavailable'
            : 'Something went wrong on our side. Please try again.',
        code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
      } satisfies ApiErrorBody)
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, bad URL…)
    const message =
      status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON'
        : status === 400 && error.code === 'FST_ERR_BAD_URL'
          ? 'The address of the request is not valid'
          : status === 415
            ? 'Send the request body as application/json'
            : status === 413
              ? 'The request body is too large'
              : status === 414
                ? 'The address of the request is too long'
                : error.message
    return reply
      .code(status)
      .send({ message, code: codeForStatus[status] ?? 'BAD_REQUEST' } satisfies ApiErrorBody)
  })

  // Node answers these itself with an empty body; requireHostHeader is off in app.ts for this.
  app.server.on('checkExpectation', (request) =>
    answerOnSocket(request.socket, 417, {
      message: 'Only Expect: 100-continue is supported',
      code: 'BAD_REQUEST',
    }),
  )
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw new AppError('BAD_REQUEST', 'The Host header is missing')
  })
})

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding, a parameter over
 * maxParamLength) goes to the error handler above, not to Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return request.server.errorHandler(error, request, reply)
}

/**
 * Writes an error in the one shape straight onto a connection, then closes it: for answers given
 * before Fastify has a request (parser errors, timeouts) or instead of one it cannot finish.
 */
export function answerOnSocket(socket: Duplex, status: number, body: ApiErrorBody) {
  const json = JSON.stringify(body)
  if (socket.writable)
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(json)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        json,
      ].join('\r\n'),
    )
  socket.destroy()
}

export const TIMED_OUT: ApiErrorBody = {
  message: 'The request took too long to arrive',
  code: 'REQUEST_TIMEOUT',
}

const CLIENT_ERRORS: Record<string, { status: number; body: ApiErrorBody }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, body: TIMED_OUT },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { message: 'The request line or headers are too large', code: 'HEADERS_TOO_LARGE' },
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    body: { message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' },
  },
}
const MALFORMED = {
  status: 400,
  body: { message: 'The request is not valid HTTP', code: 'BAD_REQUEST' },
} as const

/** Fastify's `clientErrorHandler`: what Node's parser refuses, in the one shape. */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Duplex) {
  // Already gone, or a response is under way on this connection: nothing can be said any more.
  const response = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy()
    return
  }
  const answer = CLIENT_ERRORS[error.code] ?? MALFORMED
  if (answer.status === 408)
    this.log.info(
      { event: 'request.timeout' },
      'connection closed: the request did not arrive in time',
    )
  else
    this.log.debug({ event: 'request.malformed', reason: error.code }, 'malformed request refused')
  answerOnSocket(socket, answer.status, answer.body)
}

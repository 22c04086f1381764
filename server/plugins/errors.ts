import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiErrorBody, ErrorCode } from '@shared/errors'
import { AppError } from '../lib/errors'

const codeForStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
}

// Connection refused/reset and PostgreSQL's "admin shutdown" and "cannot connect now" classes.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
])

function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true
    if (
      e instanceof Error &&
      /Connection terminated|connection is closed|Client was closed/i.test(e.message)
    )
      return true
  }
  return false
}

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
      request.log.info(
        { event: 'request.aborted', reason: error.code ?? error.message },
        'the client went away before its request arrived',
      )
      return
    }
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
    const status = isDatabaseUnavailable(error)
      ? 503
      : error.statusCode && error.statusCode >= 400
        ? error.statusCode
        : 500
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
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…)
    const message =
      status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON'
        : status === 415
          ? 'Send the request body as application/json'
          : status === 413
            ? 'The request body is too large'
            : error.message
    return reply
      .code(status)
      .send({ message, code: codeForStatus[status] ?? 'BAD_REQUEST' } satisfies ApiErrorBody)
  })
})

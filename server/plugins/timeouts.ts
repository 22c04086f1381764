import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { answerOnSocket, TIMED_OUT } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** Cut off by its deadline: already answered (or its connection closed) and logged. */
    timedOut: boolean
  }
}

type Timeouts = Config['timeouts']

/**
 * Node's own limits, for `Fastify()`. Its request timeout is one value for the whole server,
 * counted from the first byte and checked every `connectionsCheckingInterval` (30 s by default):
 * it is set past the longest deadline below, as a backstop, and checked every second.
 */
export function serverTimeouts({ requestMs, uploadMs, headersMs }: Timeouts) {
  const requestTimeout = headersMs + Math.max(requestMs, uploadMs)
  return {
    requestTimeout,
    http: { headersTimeout: headersMs, requestTimeout, connectionsCheckingInterval: 1_000 },
  }
}

function cutOff(request: FastifyRequest, reply: FastifyReply, limitMs: number) {
  const socket = request.raw.socket
  if (request.raw.complete || socket.destroyed) return
  request.timedOut = true
  request.log.warn(
    { event: 'request.timeout', limitSeconds: limitMs / 1000 },
    'request cut off: it did not arrive in time',
  )
  // An answer already started (or queued behind another on this connection) cannot be replaced.
  if (reply.raw.headersSent || reply.raw.socket !== socket) socket.destroy()
  else answerOnSocket(socket, 408, TIMED_OUT)
}

/**
 * Each request must arrive in full (headers and body) within its deadline: uploads within
 * UPLOAD_TIMEOUT_SECONDS, every other request (unknown routes and GETs too) within
 * REQUEST_TIMEOUT_SECONDS, counted from its headers. Past it, the client gets 408 in the one error
 * shape and the connection is closed; whatever was reading the body sees the connection end.
 */
export const timeoutsPlugin = fp(
  async (app: FastifyInstance, { timeouts }: { timeouts: Timeouts }) => {
    app.decorateRequest('timedOut', false)
    app.addHook('onRequest', async (request, reply) => {
      // True once all of it has arrived; absent on requests injected in-process.
      if (request.raw.complete !== false) return
      const limitMs = request.routeOptions.config.multipartUpload
        ? timeouts.uploadMs
        : timeouts.requestMs
      const timer = setTimeout(() => cutOff(request, reply, limitMs), limitMs)
      const clear = () => clearTimeout(timer)
      // The body was read to its end (or dumped after the answer), or the connection closed.
      request.raw.once('close', clear)
      // An answer sent after the whole request arrived, even if nothing read the rest of it.
      reply.raw.once('close', () => {
        if (request.raw.complete) clear()
      })
    })
  },
)

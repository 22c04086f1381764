import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * The access log: one line per request, once it is answered, instead of Fastify's two (one as a
 * request comes in, one as it is answered). The line carries the request (method, path without
 * its query, client address: app.ts's serializer), the status and the time taken.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}

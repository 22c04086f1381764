import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { eventsApi } from '@shared/api'
import { sha256 } from '../../lib/crypto'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { createHub } from './hub'
import { openEventStream } from './sse'

/** Live updates (Server-Sent Events): hints that something the user may see has changed. */
export async function eventRoutes(app: FastifyInstance) {
  const hub = createHub({
    database: app.database,
    clock: app.clock,
    log: app.log,
    limits: app.config.eventStreams,
  })
  // Before the server waits for its connections to finish: open streams never would.
  app.addHook('preClose', async () => {
    await hub.close()
  })

  handle(app, eventsApi.stream, async (request, reply) => {
    // In process (app.inject) there is no connection to hold open: the opening, then the end.
    if (!(request.raw.socket instanceof Socket)) {
      reply.hijack()
      openEventStream(reply.raw, reply.getHeaders(), () => {}, { keepOpen: false })
      return reply
    }
    // Present: the route is for signed-in users only, and the access hook resolved it.
    const token = app.sessionCookie.read(request) ?? ''
    await hub.connect(reply, principalOf(request), sha256(token))
    return reply
  })
}

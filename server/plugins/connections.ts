import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'

type Connections = Config['connections']

/**
 * Node's keep-alive, for `Fastify()`. Fastify's default is 72 s, so a client asking anything once
 * a minute (the health check needs no session) held its connection for ever. Node closes an idle
 * connection this long after its last answer (Node 20 adds a second of grace), whatever came
 * before; a connection that never sends a request is bounded by the headers timeout (timeouts.ts).
 */
export const keepAliveOption = ({ keepAliveMs }: Connections) => ({ keepAliveTimeout: keepAliveMs })

/**
 * At most `max` connections at once on this instance (open event streams included): Node closes
 * a new one as soon as it is accepted, before reading a byte, so the ones already open keep
 * their share of memory, sockets and the database pool. A load balancer sees the refusal and
 * tries another instance. Logged at most every 10 s.
 */
export const connectionsPlugin = fp(
  async (app: FastifyInstance, { connections }: { connections: Connections }) => {
    app.server.maxConnections = connections.max
    let lastLogged = 0
    app.server.on('drop', (peer?: { remoteAddress?: string }) => {
      if (Date.now() - lastLogged < 10_000) return
      lastLogged = Date.now()
      app.log.warn(
        { event: 'connection.dropped', max: connections.max, remoteAddress: peer?.remoteAddress },
        'connection closed at once: MAX_CONNECTIONS are open',
      )
    })
  },
)

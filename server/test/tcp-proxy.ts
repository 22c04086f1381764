import { connect, createServer, type Socket } from 'node:net'

export interface TcpProxy {
  port: number
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string
  /**
   * Stops carrying bytes either way, connections kept open, new ones accepted and held: to the
   * app, a server that stopped answering (a network partition, a frozen host).
   */
  freeze(): void
  /** Carries bytes again, those held included. */
  thaw(): void
  /** Resets every connection through it, as a failing network or firewall would. */
  cut(): void
  close(): Promise<void>
}

interface Pair {
  client: Socket
  upstream: Socket
  flowing: boolean
}

function flow(pair: Pair) {
  if (pair.flowing) return
  pair.flowing = true
  pair.client.pipe(pair.upstream)
  pair.upstream.pipe(pair.client)
}

function hold(pair: Pair) {
  if (!pair.flowing) return
  pair.flowing = false
  pair.client.unpipe(pair.upstream)
  pair.upstream.unpipe(pair.client)
  pair.client.pause()
  pair.upstream.pause()
}

/** A TCP proxy on 127.0.0.1 to `host:targetPort` that a test can freeze and cut (field notes: Faults). */
export async function startTcpProxy(targetPort: number, host = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<Pair>()
  let frozen = false

  const server = createServer((client) => {
    client.pause()
    const pair: Pair = { client, upstream: connect(targetPort, host), flowing: false }
    pair.upstream.pause()
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      pair.upstream.destroy()
    }
    for (const socket of [client, pair.upstream]) {
      socket.on('error', end)
      socket.on('close', end)
    }
    if (!frozen) flow(pair)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }

  const cut = () => {
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy()
      upstream.resetAndDestroy()
    }
    pairs.clear()
  }
  return {
    port,
    through(url) {
      const u = new URL(url)
      u.hostname = '127.0.0.1'
      u.port = String(port)
      return u.toString()
    },
    freeze() {
      frozen = true
      pairs.forEach(hold)
    },
    thaw() {
      frozen = false
      pairs.forEach(flow)
    },
    cut,
    close() {
      cut()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

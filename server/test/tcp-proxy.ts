import { connect, createServer, type AddressInfo, type Socket } from 'node:net'

export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string
  /** Stops passing bytes either way, connections left open: a server that stopped answering. */
  freeze(): void
  /** Passes on what was held, in order, and everything after it. */
  thaw(): void
  close(): Promise<void>
}

/** A TCP proxy on 127.0.0.1 in front of `host:port` that can freeze (field notes: Faults). */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  let frozen = false
  let held: (() => void)[] = []
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  }
  const pass = (action: () => void) => (frozen ? held.push(action) : action())
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => pass(() => to.write(chunk)))
    from.on('end', () => pass(() => to.end()))
    from.on('close', () => pass(() => to.destroy()))
  }
  const server = createServer((client) => {
    const upstream = connect(port, host)
    track(client)
    track(upstream)
    relay(client, upstream)
    relay(upstream, client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const proxyPort = (server.address() as AddressInfo).port
  return {
    through(url) {
      const u = new URL(url)
      u.hostname = '127.0.0.1'
      u.port = String(proxyPort)
      return u.toString()
    },
    freeze() {
      frozen = true
    },
    thaw() {
      frozen = false
      const pending = held
      held = []
      for (const action of pending) action()
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

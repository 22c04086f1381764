// The quiet firm's users for bench/neighbours.ts, in a process of their own, so that the busy
// firm's traffic in the bench's process cannot delay the clock that times them. Reads its task as
// JSON from argv (url, cookie, seconds, users, thinkMs); prints { latencies, errors } as JSON.
import { setTimeout as sleep } from 'node:timers/promises'

const { url, cookie, seconds, users, thinkMs, addresses } = JSON.parse(process.argv[2]!) as {
  /** Each user's own address (X-Forwarded-For: the server trusts its loopback "proxy"). */
  addresses: string[]
  url: string
  cookie: string
  seconds: number
  users: number
  thinkMs: number
}
const latencies: number[] = []
let errors = 0
const until = Date.now() + seconds * 1000
await Promise.all(
  Array.from({ length: users }, async (_, user) => {
    while (Date.now() < until) {
      const started = performance.now()
      const reply = await fetch(url, {
        headers: { cookie, 'x-forwarded-for': addresses[user] ?? '' },
      })
      await reply.arrayBuffer()
      if (reply.status === 200) latencies.push(performance.now() - started)
      else errors += 1
      await sleep(thinkMs)
    }
  }),
)
process.stdout.write(JSON.stringify({ latencies, errors }))

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_URL,
  createTestApp,
  newAccount,
  sessionCookie,
  signedInAdmin,
  type TestApp,
} from '../test/harness'

/** The client address behind TRUST_PROXY: who the app believes sent a request, where it shows. */

const SPOOFED = '203.0.113.9'
const SEEN_BY_PROXY = '198.51.100.7'

const apps: Record<string, TestApp> = {}
beforeAll(async () => {
  const env = (trustProxy?: string) => ({
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '3',
    ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
  })
  ;[apps.hops, apps.addresses, apps.none] = await Promise.all([
    createTestApp({ env: env('1') }),
    createTestApp({ env: env('10.9.8.7, 127.0.0.1/8') }),
    createTestApp({ env: env() }),
  ])
})
afterAll(async () => Promise.all(Object.values(apps).map((t) => t.close())))

/** A login arriving over a connection from `peer` (the proxy, or a client reaching the app directly). */
const login = (
  t: TestApp,
  from: { peer: string; forwardedFor?: string },
  email: string,
  password: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from.peer,
    headers: {
      origin: APP_URL,
      'content-type': 'application/json',
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    },
    payload: JSON.stringify({ email, password }),
  })

const logLines = (t: TestApp) =>
  t.logs.map((line) => JSON.parse(line) as { event?: string; userId?: string; ip?: string })

async function sessionIp(t: TestApp, from: { peer: string; forwardedFor?: string }) {
  const { account, user } = await signedInAdmin(t)
  const res = await login(t, from, account.email, account.password)
  expect(res.statusCode, res.body).toBe(200)
  const sessions = await t.request('GET', '/api/auth/sessions', { cookie: sessionCookie(res) })
  expect(sessions.statusCode).toBe(200)
  const current = sessions.json<Array<{ ip: string; current: boolean }>>().find((s) => s.current)
  const logged = logLines(t).filter((l) => l.event === 'auth.login.success' && l.userId === user.id)
  return { session: current?.ip, logged: logged.at(-1)?.ip }
}

/** Failed sign-ins from one client, each naming another left-most address; the last answer. */
async function failuresRotatingLeftMost(
  t: TestApp,
  from: { peer: string; client?: string },
  attempts: number,
) {
  let last = 0
  for (let i = 1; i <= attempts; i++) {
    const forwardedFor = `203.0.113.${i}${from.client ? `, ${from.client}` : ''}`
    const res = await login(t, { peer: from.peer, forwardedFor }, newAccount().email, 'wrong')
    last = res.statusCode
  }
  return last
}

describe.each([
  ['a hop count (TRUST_PROXY=1)', 'hops'],
  ['the proxy’s addresses (TRUST_PROXY=10.9.8.7,127.0.0.1/8)', 'addresses'],
])('behind a proxy trusted by %s', (_what, key) => {
  const t = () => apps[key]!

  it('a sign-in is attributed to the address the proxy saw, not the left-most X-Forwarded-For: in the session list and the log', async () => {
    const ip = await sessionIp(t(), {
      peer: '127.0.0.1',
      forwardedFor: `${SPOOFED}, ${SEEN_BY_PROXY}`,
    })
    expect(ip).toEqual({ session: SEEN_BY_PROXY, logged: SEEN_BY_PROXY })
  })

  it('a new left-most address on each try does not escape the per-address sign-in limit', async () => {
    const client = '198.51.100.20'
    expect(await failuresRotatingLeftMost(t(), { peer: '127.0.0.1', client }, 3)).toBe(401)
    const failures = logLines(t()).filter((l) => l.event === 'auth.login.failure')
    expect(failures.slice(-3).map((l) => l.ip)).toEqual([client, client, client])
    expect(await failuresRotatingLeftMost(t(), { peer: '127.0.0.1', client }, 1)).toBe(429)
    // Another client behind the same proxy keeps its own count.
    expect(
      await failuresRotatingLeftMost(t(), { peer: '127.0.0.1', client: '198.51.100.21' }, 1),
    ).toBe(401)
  })

  it('a client reaching the app directly from a public address cannot pick its address', async () => {
    const peer = '192.0.2.30'
    expect(await sessionIp(t(), { peer, forwardedFor: SEEN_BY_PROXY })).toEqual({
      session: peer,
      logged: peer,
    })
    expect(await failuresRotatingLeftMost(t(), { peer }, 4)).toBe(429)
  })
})

describe('with no proxy trusted (TRUST_PROXY unset)', () => {
  it('X-Forwarded-For is ignored: the connection’s address is the client’s', async () => {
    const peer = '192.0.2.44'
    expect(
      await sessionIp(apps.none!, { peer, forwardedFor: `${SPOOFED}, ${SEEN_BY_PROXY}` }),
    ).toEqual({ session: peer, logged: peer })
    expect(await failuresRotatingLeftMost(apps.none!, { peer, client: SEEN_BY_PROXY }, 3)).toBe(401)
    expect(await failuresRotatingLeftMost(apps.none!, { peer, client: '198.51.100.99' }, 1)).toBe(
      429,
    )
  })
})

import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { routesOf, type RouteUnderTest } from '../test/routes'

// Limits and API headers belong to the /api scope's routes (security.ts), not to a URL prefix: any
// spelling that the router takes to an API route gets them.

let t: TestApp
let limited: TestApp
beforeAll(async () => {
  ;[t, limited] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_GLOBAL_PER_MINUTE: '8' } }),
  ])
})
afterAll(async () => {
  await Promise.all([t?.close(), limited?.close()])
})

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`

/** The URL with every letter of its path percent-encoded: `/api/x` → `/%61%70%69/%78`. */
const encodeLetters = (url: string) => url.replace(/[a-z]/gi, hex)

/**
 * The routes of the /api scope (each declares its access; the API reference at /api/docs is a page
 * outside it). HEAD routes answer as their GET does, without a body to tell a router miss by: the
 * GETs cover them.
 */
const apiRoutes = (app: TestApp) =>
  routesOf(app.app).filter((route) => route.config.access !== undefined && route.method !== 'HEAD')

/** An answer from the router's not-found handler rather than from a route. */
function routerMiss(res: LightMyRequestResponse) {
  if (res.statusCode !== 404) return false
  const body = res.json<{ message?: string }>()
  return typeof body.message === 'string' && body.message.startsWith('No route for ')
}

function send(app: TestApp, route: RouteUnderTest, url: string, cookie?: string) {
  return app.request(route.method as 'GET', url, {
    cookie,
    body: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
  })
}

function expectApiHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['cache-control'], what).toBe('no-store')
  expect(Number(res.headers['x-ratelimit-limit']), what).toBeGreaterThan(0)
  expect(res.headers['x-ratelimit-remaining'], what).toBeDefined()
}

describe('limits follow the route, whatever the spelling', () => {
  it('POST /%61pi/auth/forgot-password counts against the same limit as /api/auth/forgot-password', async () => {
    const spellings = [
      '/api/auth/forgot-password',
      '/%61pi/auth/forgot-password',
      '/api/auth/%66orgot-password',
      '/%61%70%69/%61%75%74%68/forgot-password',
    ]
    const statuses = []
    for (const url of spellings) {
      const res = await limited.request('POST', url, {
        body: { email: 'owner@example.com' },
        remoteAddress: '198.51.100.10',
      })
      statuses.push(res.statusCode)
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await limited.request('POST', '/%61pi/auth/forgot-password', {
      body: { email: 'owner@example.com' },
      remoteAddress: '198.51.100.10',
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('the per-IP limit runs before the session lookup: a flood of bad cookies gets 429, not 401 for ever', async () => {
    const statuses = []
    for (let i = 0; i < 12; i++) {
      const url = i % 2 ? '/api/clients' : '/%61pi/clients'
      const res = await limited.request('GET', url, {
        cookie: `session=bad${i}`,
        remoteAddress: '198.51.100.20',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([...Array(8).fill(401), 429, 429, 429, 429])
  })
})

describe('every API route under other spellings', () => {
  it('answers with no-store and the limit headers when the letters of its path are percent-encoded, as it does when spelled plainly', async () => {
    const { cookie } = await signedInAdmin(t)
    const routes = apiRoutes(t)
    expect(routes.length).toBeGreaterThan(50)
    for (const route of routes) {
      for (const who of [undefined, cookie]) {
        const plain = await send(t, route, route.url, who)
        const encoded = await send(t, route, encodeLetters(route.url), who)
        const what = `${route.method} ${encodeLetters(route.url)}`
        expect(routerMiss(plain), `${route.method} ${route.url}`).toBe(false)
        expect(encoded.statusCode, what).toBe(plain.statusCode)
        expectApiHeaders(plain, `${route.method} ${route.url}`)
        expectApiHeaders(encoded, what)
      }
    }
  })

  it('property: any spelling (percent-encoding, doubled or trailing slashes, mixed case) that reaches a route carries them', async () => {
    const routes = apiRoutes(t)
    // Encodings vary per character; the router refuses other case and extra slashes (Fastify's
    // defaults), so those come in a few runs only, and mostly end at its not-found handler.
    const spelling = (url: string) =>
      fc
        .record({
          ways: fc.array(fc.constantFrom('keep', 'keep', 'encode', 'encode-upper-hex'), {
            minLength: url.length,
            maxLength: url.length,
          }),
          odd: fc.constantFrom('none', 'none', 'none', 'upper', 'double-slash', 'trailing-slash'),
          at: fc.nat({ max: url.length - 1 }),
        })
        .map(({ ways, odd, at }) => {
          let out = ''
          for (let i = 0; i < url.length; i++) {
            const char = url[i]!
            if (char === '/') out += odd === 'double-slash' && i >= at ? '//' : '/'
            else if (odd === 'upper' && i === at) out += char.toUpperCase()
            else if (ways[i] === 'encode') out += hex(char)
            else if (ways[i] === 'encode-upper-hex') out += hex(char).toUpperCase()
            else out += char
          }
          return odd === 'trailing-slash' ? `${out}/` : out
        })
    const reached = new Set<string>()
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...routes)
          .chain((route) => fc.tuple(fc.constant(route), spelling(route.url))),
        async ([route, url]) => {
          const res = await send(t, route, url)
          if (routerMiss(res)) return
          reached.add(url)
          expectApiHeaders(res, `${route.method} ${url}`)
        },
      ),
      { numRuns: 400 },
    )
    // Not a vacuous property: plenty of the odd spellings did reach a route.
    expect(reached.size).toBeGreaterThan(100)
  })
})

import { validate } from '@scalar/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '@shared/api'
import { createTestApp, type TestApp } from '../test/harness'

/**
 * One route table (shared/api) for both sides: the server registers exactly its routes, each with
 * a reply schema, and the OpenAPI document and its reference page are generated from them.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const key = (method: string, url: string) => `${method} ${url}`
/** The API's registered routes (their access is declared), HEAD aside: it answers as its GET. */
const registered = () =>
  t.app.routeTable
    .filter((route) => route.config.access !== undefined)
    .flatMap((route) =>
      route.methods.filter((method) => method !== 'HEAD').map((method) => ({ ...route, method })),
    )

describe('the route table', () => {
  it('the server registers exactly the routes of shared/api', () => {
    expect(
      registered()
        .map((route) => key(route.method, route.url))
        .sort(),
    ).toEqual(apiRoutes.map((route) => key(route.method, route.path)).sort())
  })

  it('every registered API route has its entry, its access and a reply schema for its success status', () => {
    for (const route of registered()) {
      const label = key(route.method, route.url)
      const contract = route.config.contract
      expect(contract, label).toBeDefined()
      expect(route.config.access, label).toBe(contract!.access)
      const response = (route.schema?.response ?? {}) as Record<string, unknown>
      expect(Object.keys(response), `${label} has no reply schema`).toEqual([
        String(contract!.status),
      ])
      expect(response[String(contract!.status)], label).toBeTruthy()
    }
  })
})

describe('GET /api/openapi.json', () => {
  it('a valid OpenAPI 3.1 document with every route, its success answer and the error shape', async () => {
    const res = await t.request('GET', '/api/openapi.json')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const document = res.json<{
      openapi: string
      paths: Record<string, Record<string, { responses: Record<string, unknown>; tags: string[] }>>
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> }
    }>()
    expect(document.openapi).toBe('3.1.0')
    const { valid, errors } = await validate(structuredClone(document))
    expect(errors ?? []).toEqual([])
    expect(valid).toBe(true)
    for (const route of apiRoutes) {
      const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}')
      const operation = document.paths[path]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${path}`).toBeDefined()
      expect(Object.keys(operation!.responses).sort()).toEqual([String(route.status), '4XX'].sort())
      expect(operation!.tags).toEqual([route.tag])
    }
    // Nothing but the API: the pages and the reference itself are not operations.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true)
    expect(Object.keys(document.paths)).not.toContain('/api/docs/')
    expect(document.components.schemas).toHaveProperty('Error')
    expect(document.components.securitySchemes).toHaveProperty('session')
  })

  it('documents the bodies and replies from the shared schemas (a request’s allowedActions, a field’s limits)', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>
      components: { schemas: Record<string, unknown> }
    }>()
    // Replies refer to named models.
    expect(JSON.stringify(document.paths['/api/requests/{id}'])).toContain(
      '#/components/schemas/RequestDetail',
    )
    const text = JSON.stringify(document.components.schemas.RequestDetail)
    expect(text).toContain('allowedActions')
    expect(text).toContain('internal_note')
    const create = JSON.stringify(document.paths['/api/clients']!.post)
    expect(create).toContain('"maxLength":200')
  })
})

describe('/api/docs', () => {
  it('a readable reference served by the app itself, its scripts allowed by a fresh nonce only', async () => {
    const page = await t.request('GET', '/api/docs/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('AuditDesk API')
    expect(page.body).toContain('/api/openapi.json')
    const csp = String(page.headers['content-security-policy'])
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(page.body).not.toContain('__CSP_NONCE__')
    for (const [, attributes = ''] of page.body.matchAll(/<script([^>]*)>/g))
      expect(attributes).toContain(`nonce="${nonce}"`)
    // No third party: the script comes from the app.
    expect(page.body).not.toMatch(/<script[^>]+src="https?:/)
    const again = await t.request('GET', '/api/docs/')
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce!)
    const script = await t.request('GET', '/api/docs/js/scalar.js')
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/javascript/)
  })
})

import type { FastifyInstance } from 'fastify'
import type { RouteEntry } from '../app'

/** A well-formed id that names nothing: route patterns' parameters are filled with it. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'

export interface RouteUnderTest {
  method: string
  /** The pattern with its parameters filled in. */
  url: string
  pattern: string
  config: RouteEntry['config']
}

/** Every route the app registered (from its route table), one entry per method. */
export function routesOf(app: FastifyInstance): RouteUnderTest[] {
  const out: RouteUnderTest[] = []
  for (const route of app.routeTable) {
    const url = route.url.replace(/:[^/]+/g, NO_SUCH_ID).replace(/\*/g, 'anything')
    for (const method of route.methods) {
      if (!out.some((r) => r.method === method && r.url === url))
        out.push({ method, url, pattern: route.url, config: route.config })
    }
  }
  return out
}

export const isMutation = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method)

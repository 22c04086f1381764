import type { FastifyInstance } from 'fastify'
import type { RouteEntry } from '../app'
import { MISSING_ID } from './factories'

export interface RouteUnderTest {
  method: string
  /** The pattern with its parameters filled in. */
  url: string
  config: RouteEntry['config']
}

/** Every route the app registered (from its route table), one entry per method. */
export function routesOf(app: FastifyInstance): RouteUnderTest[] {
  const out: RouteUnderTest[] = []
  for (const route of app.routeTable) {
    const url = route.url.replace(/:[^/]+/g, MISSING_ID).replace(/\*/g, 'anything')
    for (const method of route.methods) {
      if (!out.some((r) => r.method === method && r.url === url))
        out.push({ method, url, config: route.config })
    }
  }
  return out
}

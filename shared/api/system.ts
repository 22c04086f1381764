import { z } from 'zod'
import { publicConfig } from '../schemas/auth'
import { defineRoute } from './route'

const check = z.enum(['ok', 'unavailable'])

export const systemApi = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    tag: 'System',
    summary: 'Health check',
    description:
      'For load balancers; answers within 2 s whatever a dependency does. `checks` says whether each dependency answered in time: `database` (`starting`: the server has not reached it since it started, so it has not applied its migrations yet), and `redis` when the app keeps its rate limits in Redis. 200 `ok`: all answer. 200 `degraded`: Redis does not, so the app serves without its HTTP rate limits (keep the instance in rotation). 503 `unavailable`: the database does not. Rate-limited per address like every route; polling every few seconds stays far below the limit.',
    access: 'public',
    status: 200,
    reply: z.object({
      status: z.enum(['ok', 'degraded', 'unavailable']),
      checks: z.object({
        database: z.enum(['ok', 'starting', 'unavailable']),
        redis: check.optional(),
      }),
    }),
  }),
  config: defineRoute({
    method: 'GET',
    path: '/api/config',
    tag: 'System',
    summary: 'Public settings',
    description: 'The human check the sign-up form uses and the upload limits.',
    access: 'public',
    status: 200,
    reply: publicConfig,
  }),
  openapi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'System',
    summary: 'This API as an OpenAPI 3.1 document',
    description:
      'Generated from the route table in `shared/api/`; a readable reference is at `/api/docs`.',
    access: 'public',
    status: 200,
    reply: z.record(z.string(), z.unknown()),
  }),
}

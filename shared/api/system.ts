import { z } from 'zod'
import { publicConfig } from '../schemas/auth'
import { defineRoute } from './route'

export const systemApi = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    tag: 'System',
    summary: 'Health check',
    description:
      'For load balancers: 200 when the database answers, 503 `{ status: "unavailable" }` otherwise. Not rate-limited.',
    access: 'public',
    status: 200,
    reply: z.object({ status: z.enum(['ok', 'unavailable']) }),
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

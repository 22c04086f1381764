import type { FastifyInstance } from 'fastify'
import { projectsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { projectsService } from './projects.service'

export async function projectRoutes(app: FastifyInstance) {
  const projects = projectsService(app)
  handle(app, projectsApi.list, async (request) =>
    projects.list(principalOf(request), request.query),
  )
  handle(app, projectsApi.counts, async (request) =>
    projects.counts(principalOf(request), request.query),
  )
  handle(app, projectsApi.get, async (request) =>
    projects.get(principalOf(request), request.params.id),
  )
  handle(app, projectsApi.create, async (request) =>
    projects.create(principalOf(request), request.body),
  )
  handle(app, projectsApi.update, async (request) =>
    projects.update(principalOf(request), request.params.id, request.body),
  )
  handle(app, projectsApi.remove, async (request) =>
    projects.remove(principalOf(request), request.params.id),
  )
}

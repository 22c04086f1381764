import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '@shared/schemas/common'
import { createProjectInput, projectDto, updateProjectInput } from '@shared/schemas/projects'
import { clientScopeOf, orgOf as org } from '../../plugins/session'
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from './projects.repo'

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const readable = { allowClientUsers: true }

  app.get(
    '/',
    { config: readable, schema: { response: { 200: z.array(projectDto) } } },
    async (request) => listProjects(app.db, org(request), { clientId: clientScopeOf(request) }),
  )

  app.get(
    '/:id',
    { config: readable, schema: { params: idParams, response: { 200: projectDto } } },
    async (request) => getProject(app.db, org(request), request.params.id, clientScopeOf(request)),
  )

  app.post(
    '/',
    { schema: { body: createProjectInput, response: { 201: projectDto } } },
    async (request, reply) =>
      reply.code(201).send(await createProject(app.db, org(request), request.body, app.clock())),
  )

  app.patch(
    '/:id',
    { schema: { params: idParams, body: updateProjectInput, response: { 200: projectDto } } },
    async (request) =>
      updateProject(app.db, org(request), request.params.id, request.body, app.clock()),
  )

  app.delete('/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteProject(app.db, org(request), request.params.id)
    return reply.code(204).send()
  })
}

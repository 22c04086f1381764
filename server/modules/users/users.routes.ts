import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '@shared/schemas/common'
import { updateUserInput, userDto } from '@shared/schemas/users'
import { currentUser, orgOf as org } from '../../plugins/session'
import { deleteUser, listUsers, updateUserRole } from './users.repo'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: z.array(userDto) } } }, async (request) =>
    listUsers(app.db, org(request)),
  )

  app.patch(
    '/:id',
    { schema: { params: idParams, body: updateUserInput, response: { 200: userDto } } },
    async (request) => {
      const { user, changed } = await updateUserRole(
        app.db,
        org(request),
        currentUser(request),
        request.params.id,
        request.body,
        app.clock(),
      )
      if (changed)
        request.log.info(
          { event: 'user.role_changed', userId: user.id, role: user.role },
          'role changed',
        )
      return user
    },
  )

  app.delete('/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteUser(app.db, org(request), currentUser(request), request.params.id, app.clock())
    request.log.info({ event: 'user.removed', userId: request.params.id }, 'user removed')
    return reply.code(204).send()
  })
}

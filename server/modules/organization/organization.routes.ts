import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { organizationDto, updateOrganizationInput } from '@shared/schemas/organization'
import { currentUser, orgOf as org } from '../../plugins/session'
import { getOrganization, updateOrganization } from './organization.repo'

/** The caller's own company (admin only, like everything outside a client user's reach). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: organizationDto } } }, async (request) =>
    getOrganization(app.db, org(request)),
  )

  app.patch(
    '/',
    { schema: { body: updateOrganizationInput, response: { 200: organizationDto } } },
    async (request) =>
      updateOrganization(app.db, org(request), currentUser(request), request.body, app.clock()),
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  auditDto,
  createAuditInput,
  listAuditsQuery,
  updateAuditInput,
} from '@shared/schemas/audits'
import { idParams } from '@shared/schemas/common'
import { clientScopeOf, orgOf as org } from '../../plugins/session'
import { lockStorageKeys } from '../files/files.repo'
import { createAudit, deleteAudit, getAudit, listAudits, updateAudit } from './audits.repo'

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const readable = { allowClientUsers: true }

  app.get(
    '/',
    {
      config: readable,
      schema: { querystring: listAuditsQuery, response: { 200: z.array(auditDto) } },
    },
    async (request) =>
      listAudits(app.db, org(request), request.query.projectId, clientScopeOf(request)),
  )

  app.get(
    '/:id',
    { config: readable, schema: { params: idParams, response: { 200: auditDto } } },
    async (request) => getAudit(app.db, org(request), request.params.id, clientScopeOf(request)),
  )

  app.post(
    '/',
    { schema: { body: createAuditInput, response: { 201: auditDto } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createAudit(
            app.db,
            org(request),
            request.body,
            app.clock(),
            app.config.limits.maxRequestsPerAudit,
          ),
        ),
  )

  app.patch(
    '/:id',
    { schema: { params: idParams, body: updateAuditInput, response: { 200: auditDto } } },
    async (request) =>
      updateAudit(app.db, org(request), request.params.id, request.body, app.clock()),
  )

  app.delete('/:id', { schema: { params: idParams } }, async (request, reply) => {
    const orgId = org(request)
    // The stored files go after the rows: read (and lock) their keys in the same transaction.
    const keys = await app.db.transaction(async (tx) => {
      const found = await lockStorageKeys(tx, orgId, { auditId: request.params.id })
      await deleteAudit(tx, orgId, request.params.id)
      return found
    })
    await app.storage.delete(keys)
    return reply.code(204).send()
  })
}

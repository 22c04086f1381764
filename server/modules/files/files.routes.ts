import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '@shared/schemas/common'
import { requestFileDto } from '@shared/schemas/requests'
import { attachment } from '../../files/names'
import { currentUser } from '../../plugins/session'
import { filesService } from './files.service'

/**
 * Files of audit requests: client users upload to the version being prepared and delete their own
 * files before submission; everyone who may see the request may download (decision 007).
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { maxFileBytes, maxFilesPerRequest } = app.config.uploads
  // Registered in this scope only: every other route keeps refusing multipart bodies.
  await app.register(multipart, {
    limits: {
      // One byte over the cap, so that the storage sees it and answers 413 with our message.
      fileSize: maxFileBytes + 1,
      files: maxFilesPerRequest,
      fields: 10,
      fieldSize: 1000,
      parts: maxFilesPerRequest + 10,
      headerPairs: 100,
    },
  })
  const files = filesService(app)

  app.post(
    '/requests/:id/files',
    {
      config: { allowClientUsers: true, multipartUpload: true },
      bodyLimit: maxFilesPerRequest * (maxFileBytes + 64 * 1024),
      schema: { params: idParams, response: { 201: z.array(requestFileDto) } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await files.upload(currentUser(request), request.params.id, request.parts())),
  )

  app.get(
    '/files/:id',
    { config: { allowClientUsers: true }, schema: { params: idParams } },
    async (request, reply) => {
      const file = await files.download(currentUser(request), request.params.id)
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.sizeBytes))
        .header('Content-Disposition', attachment(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream)
    },
  )

  app.delete(
    '/files/:id',
    { config: { allowClientUsers: true }, schema: { params: idParams } },
    async (request, reply) => {
      await files.remove(currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )
}

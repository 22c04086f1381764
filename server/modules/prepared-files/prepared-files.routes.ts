import type { FastifyInstance } from 'fastify'
import { preparedFilesApi } from '@shared/api'
import { sendAttachment } from '../../files/download'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { preparedFilesService } from './prepared-files.service'

export async function preparedFileRoutes(app: FastifyInstance) {
  const prepared = preparedFilesService(app)

  handle(app, preparedFilesApi.prepare, async (request) =>
    prepared.prepare(principalOf(request), request.body),
  )
  handle(app, preparedFilesApi.get, async (request) =>
    prepared.get(principalOf(request), request.params.id),
  )
  handle(app, preparedFilesApi.download, async (request, reply) => {
    const file = await prepared.download(principalOf(request), request.params.id)
    return sendAttachment(reply, file.contentType, file)
  })
}

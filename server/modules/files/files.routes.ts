import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { filesApi } from '@shared/api'
import { attachment, inline } from '../../files/names'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { filesService } from './files.service'
import { uploadParts } from './upload-parts'

/**
 * A preview's own policy, in place of the app's (decision 027): nothing loads, runs, submits or
 * navigates (`sandbox` with no allowances; Chromium still shows a PDF in its viewer), and only the
 * app's own pages may frame it, where the app's `frame-ancestors 'none'` forbids all framing.
 */
const PREVIEW_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox"

/**
 * Files of audit requests: client users upload to the version being prepared and delete their own
 * files before submission; everyone who may see the request may download them, and preview those
 * a browser may show (decisions 007, 027).
 */
export async function fileRoutes(app: FastifyInstance) {
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

  handle(
    app,
    filesApi.upload,
    async (request) => files.upload(principalOf(request), request.params.id, uploadParts(request)),
    { bodyLimit: maxFilesPerRequest * (maxFileBytes + 64 * 1024) },
  )

  handle(app, filesApi.download, async (request, reply) => {
    const file = await files.download(principalOf(request), request.params.id)
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.sizeBytes))
      .header('Content-Disposition', attachment(file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.stream)
  })

  handle(app, filesApi.preview, async (request, reply) => {
    const file = await files.preview(principalOf(request), request.params.id)
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.sizeBytes))
      .header('Content-Disposition', inline(file.fileName))
      .header('Content-Security-Policy', PREVIEW_POLICY)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Cache-Control', 'private, no-store')
      .send(file.stream)
  })

  handle(app, filesApi.remove, async (request) =>
    files.remove(principalOf(request), request.params.id),
  )
}

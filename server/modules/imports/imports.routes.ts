import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { importsApi } from '@shared/api'
import { IMPORT_LIMITS, importOptions } from '@shared/schemas/imports'
import { formatSize } from '@shared/format'
import { AppError, fieldError } from '../../lib/errors'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { uploadError, uploadParts } from '../files/upload-parts'
import { importsService, type ImportUpload } from './imports.service'

const FIELDS = ['sheet', 'mapping'] as const
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The file may be at most ${formatSize(IMPORT_LIMITS.bytes)}`)

/** The spreadsheet and the form's choices from the multipart body; 400 on anything else. */
async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  let file: { data: Buffer; fileName: string } | undefined
  const fields: Record<string, string> = {}
  try {
    for await (const part of uploadParts(request)) {
      if (part.type === 'file') {
        if (file) throw new AppError('BAD_REQUEST', 'Send one file to import')
        const data = await part.toBuffer()
        if (part.file.truncated) throw tooLarge()
        file = { data, fileName: part.filename }
      } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value)
      } else throw fieldError(part.fieldname, `Unknown field: ${part.fieldname.slice(0, 50)}`)
    }
  } catch (error) {
    throw uploadError(error, { maxFiles: 1, maxBytes: IMPORT_LIMITS.bytes })
  }
  if (!file) throw fieldError('file', 'Choose a spreadsheet to import')
  let mapping: unknown
  if (fields.mapping !== undefined)
    try {
      mapping = JSON.parse(fields.mapping)
    } catch {
      throw fieldError('mapping', 'mapping must be JSON: each field’s column index, or null')
    }
  const options = importOptions.safeParse({ sheet: fields.sheet, mapping })
  if (!options.success) {
    const issue = options.error.issues[0]!
    throw fieldError(issue.path.join('.') || 'mapping', issue.message)
  }
  return { ...file, options: options.data }
}

/** Spreadsheets into an audit's requests or a template's items: checked in full first, then all rows or none. */
export async function importRoutes(app: FastifyInstance) {
  // Registered in this scope only: every other route keeps refusing multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.bytes + 1,
      files: 1,
      fields: FIELDS.length,
      fieldSize: 20_000,
      parts: FIELDS.length + 1,
      headerPairs: 100,
    },
  })
  const imports = importsService(app)
  const bodyLimit = IMPORT_LIMITS.bytes + 64 * 1024

  handle(
    app,
    importsApi.previewAudit,
    async (request) =>
      imports.preview(
        principalOf(request),
        { audit: request.params.id },
        await readUpload(request),
      ),
    { bodyLimit },
  )
  handle(
    app,
    importsApi.importAudit,
    async (request) =>
      imports.importAudit(principalOf(request), request.params.id, await readUpload(request)),
    { bodyLimit },
  )
  handle(
    app,
    importsApi.previewTemplate,
    async (request) =>
      imports.preview(
        principalOf(request),
        { template: request.params.id },
        await readUpload(request),
      ),
    { bodyLimit },
  )
  handle(
    app,
    importsApi.importTemplate,
    async (request) =>
      imports.importTemplate(principalOf(request), request.params.id, await readUpload(request)),
    { bodyLimit },
  )
}

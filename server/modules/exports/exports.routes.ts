import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '@shared/schemas/common'
import { REQUEST_STATUS_LABELS } from '@shared/schemas/requests'
import { toCsv } from '../../files/csv'
import { fileNameFor } from '../../files/file-types'
import { attachment, safeFileName } from '../../files/names'
import { zipStream, type ZipEntry } from '../../files/zip'
import { orgOf } from '../../plugins/session'
import { openStoredFile } from '../files/files.service'
import { findAudit, listRequestRows, toRequestDto } from '../requests/requests.repo'
import { acceptedFiles, versionCounts } from './exports.repo'

/** A name for one path segment: slashes would make folders. */
const segment = (name: string) => name.replace(/[/\\]/g, '-')

const date = (value: string | null) => value?.slice(0, 10) ?? ''

/** Keeps a name unique within a folder: "a.pdf", "a (2).pdf", … */
function uniqueName(name: string, taken: Set<string>) {
  const dot = name.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  let candidate = name
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`
  taken.add(candidate.toLowerCase())
  return candidate
}

/** The audit's request tracker (CSV) and its accepted files (ZIP): staff only (decision 005). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app

  app.get('/audits/:id/export.csv', { schema: { params: idParams } }, async (request, reply) => {
    const orgId = orgOf(request)
    const audit = await findAudit(db, orgId, request.params.id)
    const now = clock()
    const rows = (await listRequestRows(db, orgId, audit.id, {})).map((row) =>
      toRequestDto(row, now),
    )
    const versions = await versionCounts(
      db,
      rows.map((row) => row.id),
    )
    request.log.info(
      { event: 'audit.exported', format: 'csv', auditId: audit.id, userId: request.user?.id },
      'audit exported',
    )
    const csv = toCsv([
      ['Number', 'Title', 'Status', 'Assignee', 'Due date', 'Submitted', 'Accepted', 'Versions'],
      ...rows.map((row) => [
        row.number,
        row.title,
        REQUEST_STATUS_LABELS[row.status],
        row.assigneeName,
        row.dueDate,
        date(row.submittedAt),
        date(row.acceptedAt),
        versions.get(row.id) ?? 0,
      ]),
    ])
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        attachment(safeFileName(segment(`${audit.name}-requests.csv`))),
      )
      .header('X-Content-Type-Options', 'nosniff')
      .send(`\uFEFF${csv}`)
  })

  app.get('/audits/:id/export.zip', { schema: { params: idParams } }, async (request, reply) => {
    const orgId = orgOf(request)
    const audit = await findAudit(db, orgId, request.params.id)
    const now = clock()
    const requests = new Map(
      (await listRequestRows(db, orgId, audit.id, {})).map((row) => [row.id, row]),
    )
    const files = await acceptedFiles(db, orgId, audit.id)
    const folders = new Map<string, { folder: string; taken: Set<string> }>()
    const takenFolders = new Set<string>()
    const placed = files.map((file) => {
      let folder = folders.get(file.requestId)
      if (!folder) {
        const row = requests.get(file.requestId)!
        const name = uniqueName(
          safeFileName(segment(`${row.number} ${row.title}`), `${row.number}`)
            .slice(0, 100)
            .trim(),
          takenFolders,
        )
        folder = { folder: name, taken: new Set() }
        folders.set(file.requestId, folder)
      }
      const name = uniqueName(fileNameFor(file.fileName, file.contentType), folder.taken)
      return { ...file, folder: folder.folder, name }
    })
    // The manifest comes last, so that it can tell which files were missing when their turn came.
    const missing = new Set<string>()
    function* entries(): Generator<ZipEntry> {
      for (const file of placed)
        yield {
          name: `${file.folder}/${file.name}`,
          data: async () => {
            const stream = await openStoredFile(app, file)
            if (!stream) missing.add(file.id)
            return stream
          },
        }
      const manifest = [
        ['Folder', 'File name', 'Size', 'SHA-256', 'Note'],
        ...placed.map((file) => [
          file.folder,
          file.name,
          file.sizeBytes,
          file.sha256,
          missing.has(file.id) ? 'Missing from storage: not in this archive' : '',
        ]),
      ]
      yield { name: 'manifest.csv', data: Buffer.from(toCsv(manifest), 'utf8') }
    }
    request.log.info(
      {
        event: 'audit.exported',
        format: 'zip',
        auditId: audit.id,
        files: files.length,
        userId: request.user?.id,
      },
      'audit exported',
    )
    return reply
      .header('Content-Type', 'application/zip')
      .header(
        'Content-Disposition',
        attachment(safeFileName(segment(`${audit.name}-accepted-files.zip`))),
      )
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(zipStream(entries(), now)))
  })
}

import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { REQUEST_STATUS_LABELS } from '@shared/schemas/requests'
import type { Principal } from '../../access/principal'
import { toCsv } from '../../files/csv'
import { fileNameFor } from '../../files/file-types'
import { safeFileName } from '../../files/names'
import { zipStream, type ZipEntry } from '../../files/zip'
import { findAuditWithClient } from '../audits/audits.repo'
import { acceptedFiles } from '../files/files.repo'
import { openStoredFile } from '../files/files.service'
import { toRequestDto } from '../requests/request-dto'
import { listAuditRequests } from '../requests/requests.repo'
import { submittedVersionCounts } from '../requests/versions.repo'

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

/** The audit's request tracker (CSV) and its accepted files (ZIP), for the firm. */
export function exportsService(app: FastifyInstance) {
  const { db, clock, log } = app

  function logExport(principal: Principal, auditId: string, details: Record<string, unknown>) {
    log.info(
      { event: 'audit.exported', auditId, userId: principal.userId, ...details },
      'audit exported',
    )
  }

  return {
    async csv(principal: Principal, auditId: string) {
      const orgId = principal.organizationId
      const audit = await findAuditWithClient(db, orgId, auditId)
      const now = clock()
      const rows = (await listAuditRequests(db, orgId, audit.id, principal)).map((row) =>
        toRequestDto(row, now, principal),
      )
      const versions = await submittedVersionCounts(
        db,
        rows.map((row) => row.id),
      )
      logExport(principal, audit.id, { format: 'csv' })
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
      return { fileName: safeFileName(segment(`${audit.name}-requests.csv`)), body: `\uFEFF${csv}` }
    },

    /** A folder per accepted request with its accepted version's files, and a manifest last. */
    async zip(principal: Principal, auditId: string) {
      const orgId = principal.organizationId
      const audit = await findAuditWithClient(db, orgId, auditId)
      const now = clock()
      const requests = new Map(
        (await listAuditRequests(db, orgId, audit.id, principal)).map((row) => [row.id, row]),
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
      logExport(principal, audit.id, { format: 'zip', files: files.length })
      return {
        fileName: safeFileName(segment(`${audit.name}-accepted-files.zip`)),
        stream: Readable.from(zipStream(entries(), now)),
      }
    },
  }
}

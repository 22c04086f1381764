import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { calendarDay, formatDayTime } from '@shared/format'
import { answerRecord } from '@shared/schemas/answers'
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '@shared/schemas/requests'
import type { Principal } from '../../access/principal'
import { toCsv } from '../../files/csv'
import { fileNameFor } from '../../files/file-types'
import { oneSegment, safeFileName } from '../../files/names'
import { zipStream, type ZipEntry } from '../../files/zip'
import { readAsTenant } from '../../lib/tenant'
import { auditPlace, findAuditWithClient } from '../audits/audits.repo'
import { acceptedFiles } from '../files/files.repo'
import { openStoredFile } from '../files/files.service'
import { toRequestDto } from '../requests/request-dto'
import { auditRequestsInBatches } from '../requests/requests.repo'
import { submittedVersionSummaries } from '../requests/versions.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { reportsService } from '../reports/reports.service'
import { STATUS_FILLS, TRACKER_COLUMNS, trackerRow } from './tracker'
import { tableWorkbook } from './workbook'

/** An accepted request's written answer, in its folder of the archive. */
const RESPONSE_FILE = 'response.txt'

/** Keeps a name unique within a folder: "a.pdf", "a (2).pdf", … */
function uniqueName(name: string, taken: Set<string>) {
  const dot = name.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  let candidate = name
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`
  taken.add(candidate.toLowerCase())
  return candidate
}

/**
 * The audit's request tracker (CSV) and its accepted files (ZIP), for the firm. Each is heavy
 * work in the firm's turn (lib/heavy-work.ts), held until its stream ends, and reads the audit a
 * batch at a time as the stream is read (requests.repo BATCH): no statement reads the whole audit,
 * and a slow download holds none open.
 */
export function exportsService(app: FastifyInstance) {
  const { db, clock, log, heavyWork } = app
  const reports = reportsService(app)

  function logExport(principal: Principal, auditId: string, details: Record<string, unknown>) {
    log.info(
      { event: 'audit.exported', auditId, userId: principal.userId, ...details },
      'audit exported',
    )
  }

  const requestBatches = (principal: Principal, auditId: string) =>
    auditRequestsInBatches(db, principal.organizationId, auditId, principal)

  /** Runs `open` in the firm's turn; the turn ends with the stream it answers, or its failure. */
  /** What every tracker row carries besides its request: the client, and the firm's days. */
  async function trackerContext(principal: Principal, auditId: string) {
    const orgId = principal.organizationId
    const audit = await findAuditWithClient(db, orgId, auditId)
    const [place, firm] = await Promise.all([
      auditPlace(db, orgId, audit.id),
      findOrganizationDisplay(db, orgId),
    ])
    return {
      audit,
      context: {
        clientName: place.client.name,
        projectName: place.project.name,
        timeZone: firm.timeZone,
        dateFormat: firm.dateFormat,
      },
    }
  }

  /** The audit's tracker rows a batch at a time, as the export's stream reads them. */
  async function trackerBatches(
    principal: Principal,
    auditId: string,
    context: { clientName: string; timeZone: string },
  ) {
    const today = calendarDay(clock(), context.timeZone)
    const batches = await requestBatches(principal, auditId)
    return (async function* () {
      for await (const rows of batches) {
        const versions = await submittedVersionSummaries(
          db,
          rows.map((row) => row.id),
        )
        yield rows.map((row) => {
          const request = toRequestDto(row, today, principal)
          return {
            cells: trackerRow(request, versions.get(request.id), context),
            fill: STATUS_FILLS[request.status],
          }
        })
      }
    })()
  }

  return {
    async csv(principal: Principal, auditId: string) {
      const { audit, context } = await trackerContext(principal, auditId)
      return heavyWork.stream(principal.organizationId, async () => {
        const batches = await trackerBatches(principal, audit.id, context)
        logExport(principal, audit.id, { format: 'csv' })
        async function* lines() {
          yield `\uFEFF${toCsv([TRACKER_COLUMNS.map((column) => column.header)])}`
          for await (const rows of batches) yield toCsv(rows.map((row) => row.cells))
        }
        return {
          fileName: safeFileName(oneSegment(`${audit.name}-requests.csv`)),
          stream: Readable.from(readAsTenant(lines())),
        }
      })
    },

    /** The tracker as a workbook: a summary sheet (the audit's figures), then the requests. */
    async xlsx(principal: Principal, auditId: string) {
      const { audit, context } = await trackerContext(principal, auditId)
      const report = await reports.standing(
        principal,
        audit.id,
        calendarDay(clock(), context.timeZone),
      )
      return heavyWork.stream(principal.organizationId, async () => {
        const batches = await trackerBatches(principal, audit.id, context)
        logExport(principal, audit.id, { format: 'xlsx' })
        const summary: Array<readonly [string, string | number | null]> = [
          ['Audit', audit.name],
          ['Client', context.clientName],
          ['Project', context.projectName],
          ['Exported', formatDayTime(clock(), context.dateFormat, context.timeZone)],
          ['Time zone', context.timeZone],
          ['Sent requests', report.progress.sent],
          ['Done (accepted or not applicable)', report.progress.done],
          ['Overdue', report.overdue],
          ...REQUEST_STATUSES.map(
            (status) => [REQUEST_STATUS_LABELS[status], report.byStatus[status]] as const,
          ),
        ]
        return {
          fileName: safeFileName(oneSegment(`${audit.name}-requests.xlsx`)),
          stream: tableWorkbook(
            summary,
            { name: 'Requests', columns: TRACKER_COLUMNS },
            readAsTenant(batches),
          ),
        }
      })
    },

    /**
     * A folder per accepted request with its accepted answer (`response.txt`, when written) and
     * files, and a manifest last.
     */
    async zip(principal: Principal, auditId: string) {
      const orgId = principal.organizationId
      const audit = await findAuditWithClient(db, orgId, auditId)
      return heavyWork.stream(principal.organizationId, async () => {
        const now = clock()
        const batches = await requestBatches(principal, audit.id)
        logExport(principal, audit.id, { format: 'zip' })
        const takenFolders = new Set<string>()
        /** Each file placed, for the manifest, which says which were missing when their turn came. */
        const placed: Array<{
          folder: string
          name: string
          sizeBytes: number
          sha256: string
          missing: boolean
          note: string
        }> = []
        async function* entries(): AsyncGenerator<ZipEntry> {
          for await (const rows of batches) {
            const accepted = rows.filter((row) => row.status === 'accepted')
            const ids = accepted.map((row) => row.id)
            const [files, answers] = await Promise.all([
              acceptedFiles(db, orgId, audit.id, ids),
              submittedVersionSummaries(db, ids),
            ])
            // Request by request: its written answer first (response.txt), then its files.
            for (const row of accepted) {
              const answer = answers.get(row.id)
              const response = answer ? answerRecord(answer) : null
              const own = files.filter((file) => file.requestId === row.id)
              if (!response && own.length === 0) continue
              const folder = uniqueName(
                safeFileName(oneSegment(`${row.number} ${row.title}`), `${row.number}`)
                  .slice(0, 100)
                  .trim(),
                takenFolders,
              )
              const taken = new Set<string>()
              if (response) {
                const data = Buffer.from(`${response.replace(/\r?\n/g, '\r\n')}\r\n`, 'utf8')
                placed.push({
                  folder,
                  name: uniqueName(RESPONSE_FILE, taken),
                  sizeBytes: data.length,
                  sha256: createHash('sha256').update(data).digest('hex'),
                  missing: false,
                  note: answer?.answerType === 'text' ? 'The written answer' : 'The answer given',
                })
                yield { name: `${folder}/${RESPONSE_FILE}`, data }
              }
              for (const file of own) {
                const entry = {
                  folder,
                  name: uniqueName(fileNameFor(file.fileName, file.contentType), taken),
                  sizeBytes: file.sizeBytes,
                  sha256: file.sha256,
                  missing: false,
                  note: '',
                }
                placed.push(entry)
                yield {
                  name: `${entry.folder}/${entry.name}`,
                  data: async () => {
                    const stream = await openStoredFile(app, file)
                    if (!stream) entry.missing = true
                    return stream
                  },
                }
              }
            }
          }
          const manifest = [
            ['Folder', 'File name', 'Size', 'SHA-256', 'Note'],
            ...placed.map((file) => [
              file.folder,
              file.name,
              file.sizeBytes,
              file.sha256,
              file.missing ? 'Missing from storage: not in this archive' : file.note,
            ]),
          ]
          yield { name: 'manifest.csv', data: Buffer.from(toCsv(manifest), 'utf8') }
        }
        return {
          fileName: safeFileName(oneSegment(`${audit.name}-accepted-files.zip`)),
          stream: Readable.from(zipStream(readAsTenant(entries()), now)),
        }
      })
    },
  }
}

import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import {
  IMPORT_LIMITS,
  type ImportOptions,
  type ImportPreview,
  type ImportRow,
} from '@shared/schemas/imports'
import { authorize } from '../../access/can'
import type { Principal } from '../../access/principal'
import { AppError, fieldError } from '../../lib/errors'
import { auditPlace, findAuditWithClient } from '../audits/audits.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { requestNumbers } from '../requests/requests.repo'
import { requestsService } from '../requests/requests.service'
import { clientUsers } from '../users/users.repo'
import { checkRows, chosenMapping, chosenSheet, headerOf, type CheckedRow } from './import-rows'
import { readSheetFile } from './read-sheet'

/** A spreadsheet as uploaded, with the form's choices. */
export interface ImportUpload {
  data: Buffer
  fileName: string
  options: ImportOptions
}

/** The errors an import refuses with, at most this many named (the preview shows them all). */
const ERRORS_NAMED = 50

const countsOf = (rows: ImportRow[]) => ({
  add: rows.filter((row) => row.action === 'add').length,
  update: rows.filter((row) => row.action === 'update').length,
  keep: rows.filter((row) => row.action === 'keep').length,
  errors: rows.filter((row) => row.errors.length > 0).length,
})

/**
 * Request lists from spreadsheets: read, mapped and checked in full for the preview; written by the
 * requests service in one transaction when no row has an error (decision 038).
 */
export function importsService(app: FastifyInstance) {
  const { db } = app
  const requests = requestsService(app)

  /** Reading a workbook is the firm's heavy work: one at a time per firm (decision 022). */
  const checked = (principal: Principal, auditId: string, upload: ImportUpload) =>
    app.heavyWork.run(principal.organizationId, () => check(principal, auditId, upload))

  async function check(principal: Principal, auditId: string, upload: ImportUpload) {
    const orgId = principal.organizationId
    const audit = await findAuditWithClient(db, orgId, auditId)
    authorize(principal, 'audit.add_requests', audit)
    const file = await readSheetFile(upload.data, upload.fileName)
    const sheet = chosenSheet(file, upload.options.sheet)
    const { columns, detected, dataRows } = headerOf(file.rowsOf(sheet))
    if (dataRows.length > IMPORT_LIMITS.rows)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `A sheet can bring at most ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows: this one has more`,
      )
    const { mapping, problem } = chosenMapping(detected, upload.options.mapping, columns.length)
    if (problem) throw fieldError(`mapping.${problem.field}`, problem.message)
    const [firm, place, users, numbers] = [
      await findOrganizationDisplay(db, orgId),
      await auditPlace(db, orgId, auditId),
      await clientUsers(db, orgId, audit.clientId),
      await requestNumbers(db, orgId, auditId),
    ]
    const rows = checkRows(dataRows, mapping, {
      clientName: place.client.name,
      dateFormat: firm.dateFormat,
      assignees: users.map((user) => ({ id: user.id, name: fullName(user), email: user.email })),
      requests: numbers,
    })
    return { sheets: file.sheets, sheet, columns, mapping, rows }
  }

  const toDto = (rows: CheckedRow[]): ImportRow[] =>
    rows.map(({ assigneeId: _id, requestId: _request, ...row }) => row)

  return {
    async preview(principal: Principal, auditId: string, upload: ImportUpload) {
      const { sheets, sheet, columns, mapping, rows } = await checked(principal, auditId, upload)
      const shown = toDto(rows)
      return {
        sheets,
        sheet,
        columns,
        mapping,
        rows: shown,
        counts: countsOf(shown),
      } satisfies ImportPreview
    },

    async import(principal: Principal, auditId: string, upload: ImportUpload) {
      const { rows } = await checked(principal, auditId, upload)
      const wrong = rows.filter((row) => row.errors.length > 0)
      if (wrong.length > 0)
        throw new AppError(
          'VALIDATION',
          `${wrong.length === 1 ? 'Row' : 'Rows'} ${wrong
            .slice(0, 5)
            .map((row) => row.row)
            .join(
              ', ',
            )}${wrong.length > 5 ? '…' : ''} ${wrong.length === 1 ? 'has' : 'have'} errors: fix ${wrong.length === 1 ? 'it' : 'them'} in the file and import again (nothing was imported)`,
          wrong
            .flatMap((row) =>
              row.errors.map((error) => ({
                path: `rows.${row.row}.${error.field}`,
                message: error.message,
              })),
            )
            .slice(0, ERRORS_NAMED),
        )
      const written = rows.filter((row) => row.action !== 'keep')
      if (written.length === 0)
        throw new AppError(
          'VALIDATION',
          rows.length === 0
            ? 'The sheet has no rows to import'
            : 'Every row is a request already sent: nothing to import',
        )
      const draftOf = (row: CheckedRow) => ({
        title: row.values.title!,
        description: row.values.description,
        documentRequired: row.values.documentRequired,
        responseRequired: row.values.responseRequired,
        dueDate: row.values.dueDate,
        assigneeId: row.assigneeId,
        assignee: row.assigneeId ? { id: row.assigneeId, name: row.values.assignee! } : null,
      })
      return requests.importRows(principal, auditId, {
        add: written.filter((row) => row.action === 'add').map(draftOf),
        update: written
          .filter((row) => row.action === 'update')
          .map((row) => ({ ...draftOf(row), id: row.requestId! })),
      })
    },
  }
}

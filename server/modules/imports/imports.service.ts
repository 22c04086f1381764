import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import {
  AUDIT_IMPORT_FIELDS,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  TEMPLATE_IMPORT_FIELDS,
  type ImportOptions,
  type ImportPreview,
  type ImportRow,
} from '@shared/schemas/imports'
import { authorize } from '../../access/can'
import type { Principal } from '../../access/principal'
import { AppError, fieldError, notFound } from '../../lib/errors'
import { auditPlace, findAuditWithClient } from '../audits/audits.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { requestNumbers } from '../requests/requests.repo'
import { requestsService } from '../requests/requests.service'
import { itemTitles } from '../template-items/template-items.repo'
import { templateItemsService } from '../template-items/template-items.service'
import { findTemplate } from '../templates/templates.repo'
import { clientUsers } from '../users/users.repo'
import {
  checkRows,
  chosenMapping,
  headerOf,
  type CheckedRow,
  type ImportContext,
} from './import-rows'
import { readSheetInThread } from './sheet-thread'

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

/** Where the rows go: an audit's requests, or a template's items. */
type Target = { audit: string } | { template: string }

/**
 * Request lists from spreadsheets: read, mapped and checked in full for the preview; written in
 * one transaction (by the requests or template items service) when no row has an error
 * (decision 038).
 */
export function importsService(app: FastifyInstance) {
  const { db } = app
  const requests = requestsService(app)
  const items = templateItemsService(app)

  /** Reading a workbook is the firm's heavy work: one at a time per firm (decision 022). */
  const checked = (principal: Principal, target: Target, upload: ImportUpload) =>
    app.heavyWork.run(principal.organizationId, () => check(principal, target, upload))

  /** What the rows are checked against, once the caller may write there. */
  async function contextOf(principal: Principal, target: Target): Promise<ImportContext> {
    const orgId = principal.organizationId
    const { dateFormat } = await findOrganizationDisplay(db, orgId)
    if ('template' in target) {
      if (!(await findTemplate(db, orgId, target.template))) throw notFound('Template')
      return {
        clientName: '',
        dateFormat,
        assignees: [],
        itemTitles: await itemTitles(db, orgId, target.template),
      }
    }
    const audit = await findAuditWithClient(db, orgId, target.audit)
    authorize(principal, 'audit.add_requests', audit)
    const users = await clientUsers(db, orgId, audit.clientId)
    return {
      clientName: (await auditPlace(db, orgId, target.audit)).client.name,
      dateFormat,
      assignees: users.map((user) => ({ id: user.id, name: fullName(user), email: user.email })),
      requests: await requestNumbers(db, orgId, target.audit),
    }
  }

  async function check(principal: Principal, target: Target, upload: ImportUpload) {
    const context = await contextOf(principal, target)
    const {
      sheets,
      sheet,
      rows: sheetRows,
    } = await readSheetInThread(upload.data, upload.fileName, upload.options.sheet)
    const { columns, detected, dataRows } = headerOf(sheetRows)
    if (dataRows.length > IMPORT_LIMITS.rows)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `A sheet can bring at most ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows: this one has more`,
      )
    const chosen = chosenMapping(detected, upload.options.mapping, columns.length)
    if (chosen.problem) throw fieldError(`mapping.${chosen.problem.field}`, chosen.problem.message)
    // Requests and a template's items each read only their own fields.
    const fields: readonly string[] =
      'template' in target ? TEMPLATE_IMPORT_FIELDS : AUDIT_IMPORT_FIELDS
    const mapping = Object.fromEntries(
      IMPORT_FIELDS.map((field) => [field, fields.includes(field) ? chosen.mapping[field] : null]),
    ) as typeof chosen.mapping
    const rows = checkRows(dataRows, mapping, context)
    return { sheets, sheet, columns, mapping, rows }
  }

  const toDto = (rows: CheckedRow[]): ImportRow[] =>
    rows.map(({ assigneeId: _id, requestId: _request, ...row }) => row)

  /** The rows to write, or 400 naming those with errors (nothing written). */
  const writable = (rows: CheckedRow[]) => {
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
    return written
  }

  return {
    async preview(principal: Principal, target: Target, upload: ImportUpload) {
      const { sheets, sheet, columns, mapping, rows } = await checked(principal, target, upload)
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

    async importAudit(principal: Principal, auditId: string, upload: ImportUpload) {
      const written = writable((await checked(principal, { audit: auditId }, upload)).rows)
      const draftOf = (row: CheckedRow) => ({
        title: row.values.title!,
        description: row.values.description,
        section: row.values.section,
        reference: row.values.reference,
        documentRequired: row.values.documentRequired,
        responseRequired: row.values.responseRequired,
        answerType: row.values.answerType,
        choices: row.values.choices,
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

    async importTemplate(principal: Principal, templateId: string, upload: ImportUpload) {
      const written = writable((await checked(principal, { template: templateId }, upload)).rows)
      const created = await items.importItems(
        principal,
        templateId,
        written.map((row) => ({
          title: row.values.title!,
          description: row.values.description,
          section: row.values.section,
          reference: row.values.reference,
          requiresDocument: row.values.documentRequired,
          requiresResponse: row.values.responseRequired,
          answerType: row.values.answerType,
          choices: row.values.choices,
          dueDaysBefore: row.values.dueDaysBefore,
        })),
      )
      return { created }
    },
  }
}

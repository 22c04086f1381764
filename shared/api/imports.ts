import { idParams } from '../schemas/common'
import { importPreviewDto, importResultDto, templateImportResultDto } from '../schemas/imports'
import { defineRoute } from './route'

const upload =
  'multipart/form-data: `file` (an .xlsx workbook or a .csv file, at most 5 MB and 5,000 rows), and optionally `sheet` (its name) and `mapping` (JSON: each field’s column index, or null).'

/** Request lists from spreadsheets (shared/schemas/imports.ts). */
export const importsApi = {
  previewAudit: defineRoute({
    method: 'POST',
    path: '/api/audits/:id/import/preview',
    tag: 'Requests',
    summary: 'Read a spreadsheet of requests and check every row, writing nothing',
    description: `${upload} Each row says whether it adds a draft, updates a draft (by its number) or leaves a sent request as it is, and what is wrong with it.`,
    access: 'engagements.manage',
    params: idParams,
    upload: true,
    status: 200,
    reply: importPreviewDto,
  }),
  importAudit: defineRoute({
    method: 'POST',
    path: '/api/audits/:id/import',
    tag: 'Requests',
    summary: 'Import a spreadsheet of requests: every row or none',
    description: `${upload} 400 naming the rows with errors when any row has one; otherwise the new drafts and the updated ones, in one transaction. In the trail.`,
    access: 'engagements.manage',
    params: idParams,
    upload: true,
    status: 200,
    reply: importResultDto,
  }),
  previewTemplate: defineRoute({
    method: 'POST',
    path: '/api/templates/:id/import/preview',
    tag: 'Templates',
    summary: 'Read a spreadsheet of checklist items and check every row, writing nothing',
    description: `${upload} Items take a title, a description and the two flags; every row adds an item.`,
    access: 'templates.manage',
    params: idParams,
    upload: true,
    status: 200,
    reply: importPreviewDto,
  }),
  importTemplate: defineRoute({
    method: 'POST',
    path: '/api/templates/:id/import',
    tag: 'Templates',
    summary: 'Import a spreadsheet of checklist items: every row or none',
    description: `${upload} 400 naming the rows with errors when any row has one; otherwise the new items, after the template’s last one, in one transaction.`,
    access: 'templates.manage',
    params: idParams,
    upload: true,
    status: 200,
    reply: templateImportResultDto,
  }),
}

import { importsApi } from '@shared/api/imports'
import type { ImportMapping, ImportResult } from '@shared/schemas/imports'
import { choiceFields } from '@/components/spreadsheet-import-dialog'
import { upload } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  auditId: string
  file: File
  /** The sheet to read (the best one when absent) and the columns chosen (the detected ones). */
  sheet?: string
  mapping?: ImportMapping
  signal?: AbortSignal
}

/** Reads the spreadsheet and checks every row; writes nothing. */
export const previewImport = (variables: Variables) =>
  upload(importsApi.previewAudit, { params: { id: variables.auditId } }, variables.file, {
    fields: choiceFields(variables),
    signal: variables.signal,
  })

/** Every row as drafts (or edits of drafts), or none. */
export const importRequests = (variables: Variables) =>
  upload(importsApi.importAudit, { params: { id: variables.auditId } }, variables.file, {
    fields: choiceFields(variables),
    signal: variables.signal,
  })

export const useImportRequests = (options?: MutationOptions<ImportResult, Variables>) =>
  useApiMutation(importRequests, { invalidates: requestChanges }, options)

import { AUDIT_IMPORT_FIELDS } from '@shared/schemas/imports'
import type { ReactElement } from 'react'
import { SpreadsheetImportDialog } from '@/components/spreadsheet-import-dialog'
import { countOf } from '@/lib/plural'
import { previewImport, useImportRequests } from '../api/import-requests'

/** An audit's request list from a spreadsheet: new drafts, and its drafts updated by number. */
export function ImportRequestsDialog({
  auditId,
  trigger,
}: {
  auditId: string
  trigger: ReactElement
}) {
  const importing = useImportRequests()
  return (
    <SpreadsheetImportDialog
      title="Import from a Spreadsheet"
      description="Brings a request list from Excel (.xlsx) or a CSV file as draft requests. Every row is checked first; nothing is written until you import."
      trigger={trigger}
      fields={AUDIT_IMPORT_FIELDS}
      planned
      hint="The row naming Title, Due date, Assignee and the like is read as the header. An exported tracker updates its drafts by number."
      preview={(file, choices, signal) => previewImport({ auditId, file, ...choices, signal })}
      commit={async (file, choices) => {
        const result = await importing.mutateAsync({ auditId, file, ...choices })
        const said = [
          result.created.length > 0 ? `${countOf(result.created.length, 'request')} added` : null,
          result.updated.length > 0 ? `${countOf(result.updated.length, 'draft')} updated` : null,
        ].filter(Boolean)
        return said.join(', ') || 'Nothing changed'
      }}
    />
  )
}

import { TEMPLATE_IMPORT_FIELDS } from '@shared/schemas/imports'
import type { ReactElement } from 'react'
import { SpreadsheetImportDialog } from '@/components/spreadsheet-import-dialog'
import { countOf } from '@/lib/plural'
import { previewTemplateImport, useImportTemplateItems } from '../api/import-template-items'

/** A template's checklist items from a spreadsheet, after its last item. */
export function ImportItemsDialog({
  templateId,
  trigger,
}: {
  templateId: string
  trigger: ReactElement
}) {
  const importing = useImportTemplateItems()
  return (
    <SpreadsheetImportDialog
      title="Import Items"
      description="Brings checklist items from Excel (.xlsx) or a CSV file, after the template's last item. Every row is checked first; nothing is written until you import."
      trigger={trigger}
      fields={TEMPLATE_IMPORT_FIELDS}
      planned={false}
      hint="The row naming Title, Description and the like is read as the header."
      preview={(file, choices, signal) =>
        previewTemplateImport({ templateId, file, ...choices, signal })
      }
      commit={async (file, choices) => {
        const { created } = await importing.mutateAsync({ templateId, file, ...choices })
        return `${countOf(created.length, 'item')} added`
      }}
    />
  )
}

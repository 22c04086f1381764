import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

/** Where a request or template item is filed: its section and its reference there. */
export function SectionReferenceFields({
  section,
  reference,
}: {
  section: { field: UseFormRegisterReturn; error: string | undefined }
  reference: { field: UseFormRegisterReturn; error: string | undefined }
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
      <FormField
        label="Section (optional)"
        error={section.error}
        description="The part of the list it belongs to, e.g. 3 Cash and bank."
      >
        <Input autoComplete="off" {...section.field} />
      </FormField>
      <FormField label="Reference (optional)" error={reference.error} description="e.g. 3.1">
        <Input autoComplete="off" {...reference.field} />
      </FormField>
    </div>
  )
}

import type { Control, FieldValues, Path } from 'react-hook-form'
import { PagedComboboxField } from '@/components/paged-combobox-field'
import { countOf } from '@/lib/plural'
import { templateQueries } from '@/lib/queries/templates'
import { usePagedSearch } from '@/lib/use-paged-search'

/**
 * Which of the company's templates, in a form ("Year-end (12 items)"), searched by name on the
 * server as one types. `optional`: a first choice, "No template", leaves the field undefined.
 */
export function TemplateSelectField<T extends FieldValues, TOutput = T>({
  control,
  name,
  label,
  optional = false,
  description,
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  label: string
  optional?: boolean
  description?: string
}) {
  const templates = usePagedSearch((q) => templateQueries.list({ q }))
  return (
    <PagedComboboxField
      control={control}
      name={name}
      label={label}
      placeholder={optional ? 'No template' : 'Search for a template'}
      list={templates}
      toOption={(template) => ({
        value: template.id,
        label: `${template.name} (${countOf(template.itemCount, 'item')})`,
      })}
      // After a failed load the choice stays open (the audit can go without a template).
      loadError={`The templates could not be loaded${optional ? '; the audit can still be created without one' : ''}.`}
      none={optional ? { label: 'No template', value: undefined } : undefined}
      description={description}
    />
  )
}

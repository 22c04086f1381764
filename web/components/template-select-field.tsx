import { useQuery } from '@tanstack/react-query'
import type { Control, FieldValues, Path } from 'react-hook-form'
import { SelectField } from '@/components/select-field'
import { countOf } from '@/lib/plural'
import { templateQueries } from '@/lib/queries/templates'

/**
 * Which of the company's templates, in a form ("Year-end (12 items)"). `optional`: a first choice,
 * "No template", leaves the field undefined.
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
  const templates = useQuery(templateQueries.list())
  // After a failed load the choice stays open (the audit can go without a template).
  const options = templates.isError
    ? []
    : templates.data?.map((template) => ({
        value: template.id,
        label: `${template.name} (${countOf(template.itemCount, 'item')})`,
      }))
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      placeholder={optional ? 'No template' : 'Select a template'}
      options={options}
      none={optional ? { label: 'No template', value: undefined } : undefined}
      description={
        templates.isError
          ? `The templates could not be loaded${optional ? '; the audit can still be created without one' : ''}.`
          : description
      }
    />
  )
}

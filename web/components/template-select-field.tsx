import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { Control, FieldValues, Path } from 'react-hook-form'
import { ComboboxField } from '@/components/combobox-field'
import { countOf } from '@/lib/plural'
import { templateQueries } from '@/lib/queries/templates'
import { useSearch } from '@/lib/use-search'

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
  const { search, setSearch, q } = useSearch()
  const templates = useInfiniteQuery({
    ...templateQueries.list({ q }),
    placeholderData: keepPreviousData,
  })
  // After a failed load the choice stays open (the audit can go without a template).
  const options = templates.isError
    ? []
    : templates.data?.map((template) => ({
        value: template.id,
        label: `${template.name} (${countOf(template.itemCount, 'item')})`,
      }))
  return (
    <ComboboxField
      control={control}
      name={name}
      label={label}
      placeholder={optional ? 'No template' : 'Search for a template'}
      search={search}
      onSearch={setSearch}
      options={options}
      searching={templates.isPlaceholderData || templates.isFetching}
      more={templates.hasNextPage}
      none={optional ? { label: 'No template', value: undefined } : undefined}
      description={
        templates.isError
          ? `The templates could not be loaded${optional ? '; the audit can still be created without one' : ''}.`
          : description
      }
    />
  )
}

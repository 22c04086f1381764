import { useState, type ReactNode } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Combobox, type ComboboxOption } from '@/components/combobox'
import { FormField } from '@/components/ui/form-field'

export interface ComboboxFieldProps<T extends FieldValues, TOutput> {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  label: ReactNode
  /** The search text and its setter (the caller asks the server with it, debounced). */
  search: string
  onSearch: (text: string) => void
  /** The first page of results; undefined while it loads. */
  options: readonly ComboboxOption[] | undefined
  searching?: boolean
  more?: boolean
  onLoadMore?: () => void
  loadingMore?: boolean
  loadMoreError?: string
  /** Why the results could not be read (said in the list); `onRetry` asks again. */
  error?: string
  onRetry?: () => void
  /** What the field's current value is called, when the results may not hold it (an edit). */
  currentLabel?: string
  /** A first choice that leaves the field empty ("No template", "None"). */
  none?: { label: string; value: null | undefined }
  placeholder: string
  description?: ReactNode
  disabled?: boolean
}

/**
 * A form field choosing one of many (a table's rows) by searching: the combobox on
 * react-hook-form, labelled and described like every field, its error wired to the input.
 */
export function ComboboxField<T extends FieldValues, TOutput = T>({
  control,
  name,
  label,
  search,
  onSearch,
  options,
  searching,
  more,
  onLoadMore,
  loadingMore,
  loadMoreError,
  error,
  onRetry,
  currentLabel,
  none,
  placeholder,
  description,
  disabled,
}: ComboboxFieldProps<T, TOutput>) {
  // The chosen option's name, kept when a later search no longer holds it.
  const [chosen, setChosen] = useState<ComboboxOption | null>(null)
  const choices =
    options && none && !search.trim() ? [{ value: null, label: none.label }, ...options] : options
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as string | null | undefined) ?? null
        const valueLabel =
          value === null
            ? none?.label
            : chosen?.value === value
              ? chosen.label
              : (options?.find((option) => option.value === value)?.label ?? currentLabel)
        return (
          <FormField label={label} error={fieldState.error?.message} description={description}>
            {(controlProps) => (
              <Combobox
                control={controlProps}
                inputRef={field.ref}
                value={value}
                valueLabel={valueLabel}
                onChange={(option) => {
                  setChosen(option)
                  field.onChange(option.value === null ? (none?.value ?? null) : option.value)
                }}
                onBlur={field.onBlur}
                search={search}
                onSearch={onSearch}
                options={choices}
                searching={searching}
                more={more}
                onLoadMore={onLoadMore}
                loadingMore={loadingMore}
                loadMoreError={loadMoreError}
                error={error}
                onRetry={onRetry}
                placeholder={placeholder}
                disabled={disabled}
              />
            )}
          </FormField>
        )
      }}
    />
  )
}

import type { ReactNode } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'

export interface SelectOption {
  value: string
  label: ReactNode
}

/** A Select can hold no empty value: this stands for the form's null or undefined. */
const NONE = '__none__'

interface SelectFieldProps<T extends FieldValues, TOutput> {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  label: ReactNode
  /** The choices; undefined while they load (the select waits, disabled). */
  options: readonly SelectOption[] | undefined
  /** A first choice that sets the field to null or undefined ("No lead", "None"). */
  none?: { label: string; value: null | undefined }
  placeholder?: string
  /** Shown while the options load. */
  loadingLabel?: string
  description?: ReactNode
  disabled?: boolean
}

/**
 * A form field choosing one of `options`, on react-hook-form: the label, the description and the
 * field's error (server errors included) wired to the select's trigger for assistive technology.
 */
export function SelectField<T extends FieldValues, TOutput = T>({
  control,
  name,
  label,
  options,
  none,
  placeholder,
  loadingLabel = 'Loading...',
  description,
  disabled,
}: SelectFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message} description={description}>
          {(controlProps) => (
            <Select
              name={field.name}
              value={field.value ?? (none ? NONE : '')}
              onValueChange={(value) => field.onChange(none && value === NONE ? none.value : value)}
              disabled={disabled || !options}
            >
              {/* min-w-0: as a grid item its width would otherwise be its longest choice's. */}
              <SelectTrigger
                {...controlProps}
                ref={field.ref}
                onBlur={field.onBlur}
                className="min-w-0"
              >
                <SelectValue placeholder={options ? placeholder : loadingLabel} />
              </SelectTrigger>
              <SelectContent>
                {none ? <SelectItem value={NONE}>{none.label}</SelectItem> : null}
                {options?.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      )}
    />
  )
}

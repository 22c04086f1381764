import { DATE_FORMATS, type DateFormat } from '@shared/constants'
import { useId, type ReactNode } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { RadioCard, RadioGroup } from '@/components/ui/radio-group'
import { formatCalendarDate, todayAsCalendarDate } from '@/lib/dates'

const LABELS: Record<DateFormat, string> = {
  'month-first': 'Month first',
  'day-first': 'Day first',
}

/** The company's order of day and month, each choice showing today's date in it. */
export function DateFormatField<T extends FieldValues, TOutput = T>({
  control,
  name,
  description,
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  description?: ReactNode
}) {
  const labelId = useId()
  const descriptionId = useId()
  const errorId = useId()
  const today = todayAsCalendarDate()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-2">
          <p id={labelId} className="text-sm leading-none font-medium">
            Date format
          </p>
          <RadioGroup
            aria-labelledby={labelId}
            aria-describedby={
              [description ? descriptionId : null, fieldState.error ? errorId : null]
                .filter(Boolean)
                .join(' ') || undefined
            }
            aria-invalid={fieldState.error ? true : undefined}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            ref={field.ref}
            className="sm:grid-cols-2"
          >
            {DATE_FORMATS.map((format) => (
              <RadioCard
                key={format}
                value={format}
                label={LABELS[format]}
                description={
                  <time dateTime={today} className="tabular-nums">
                    {formatCalendarDate(today, format)}
                  </time>
                }
              />
            ))}
          </RadioGroup>
          {description ? (
            <p id={descriptionId} className="text-sm text-muted-foreground">
              {description}
            </p>
          ) : null}
          {fieldState.error?.message ? (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {fieldState.error.message}
            </p>
          ) : null}
        </div>
      )}
    />
  )
}

import { REMINDER_LIMITS } from '@shared/schemas/reminders'
import { useId, useRef, useState } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Input } from '@/components/ui/input'

/**
 * After how many days overdue the audit's lead is told of a request, or never (null): a number
 * input and a "Never" box; the number typed is kept while "Never" is ticked.
 */
export function EscalationField<T extends FieldValues, TOutput = T>({
  control,
  name,
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement | null>(null)
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <EscalationControl
          id={id}
          value={field.value as number | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={(element) => {
            inputRef.current = element
            field.ref(element)
          }}
          focusInput={() => inputRef.current?.focus()}
          // An empty box is no number: say what to do rather than the schema's wording.
          error={
            fieldState.error?.type === 'invalid_type'
              ? 'Enter a number of days, or choose Never'
              : fieldState.error?.message
          }
        />
      )}
    />
  )
}

function EscalationControl({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  focusInput,
  error,
}: {
  id: string
  value: number | null
  onChange: (value: number | null) => void
  onBlur: () => void
  inputRef: (element: HTMLInputElement | null) => void
  focusInput: () => void
  error: string | undefined
}) {
  const never = value === null
  // What the box shows: the saved number, kept while "Never" is ticked.
  const [text, setText] = useState(value === null ? '' : String(value))
  const toNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed))
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`

  return (
    <fieldset className="grid gap-2" aria-describedby={descriptionId}>
      <legend className="mb-2 text-sm leading-none font-medium">Escalation</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span id={`${id}-before`}>Tell the audit’s lead after</span>
        <span className="flex items-center gap-2">
          <Input
            ref={inputRef}
            aria-labelledby={`${id}-before ${id}-after`}
            type="number"
            inputMode="numeric"
            min={1}
            max={REMINDER_LIMITS.maxDays}
            step={1}
            className="h-9 w-24"
            disabled={never}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setText(event.target.value)
              onChange(toNumber(event.target.value))
            }}
            onBlur={onBlur}
          />
          <span id={`${id}-after`}>days overdue</span>
        </span>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={never}
            onChange={(event) => {
              if (event.target.checked) onChange(null)
              else {
                onChange(toNumber(text))
                // The box comes back: the keyboard goes to it (after it is enabled).
                window.setTimeout(focusInput)
              }
            }}
          />
          Never
        </label>
      </div>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        The lead of the audit hears by e-mail of a request still waiting for the client that many
        days after its due date.
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

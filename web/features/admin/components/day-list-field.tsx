import { REMINDER_LIMITS } from '@shared/schemas/reminders'
import { Plus, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { countOf } from '@/lib/plural'

interface DayListFieldProps<T extends FieldValues, TOutput> {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  /** "before the due date": names the list, its input and its buttons. */
  where: string
  /** Farthest first (days before) or nearest first (days after): the order reminders go out in. */
  order: 'descending' | 'ascending'
}

/** The message of a list field's error: the list's own, or its first item's. */
function listError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { message } = error as { message?: unknown }
  if (typeof message === 'string') return message
  for (const item of Object.values(error)) {
    const itemMessage = (item as { message?: unknown } | null | undefined)?.message
    if (typeof itemMessage === 'string') return itemMessage
  }
  return undefined
}

/**
 * A short list of day numbers (3 and 1 days before the due date) as removable chips, and a number
 * input that adds one (Enter or the Add button); each day once, kept in the order they apply.
 */
export function DayListField<T extends FieldValues, TOutput = T>({
  control,
  name,
  where,
  order,
}: DayListFieldProps<T, TOutput>) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  // After a removal, the keyboard goes to the chip now in its place (or the input).
  const [focusIndex, setFocusIndex] = useState<number | null>(null)

  useEffect(() => {
    if (focusIndex === null) return
    setFocusIndex(null)
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []
    const target = buttons[Math.min(focusIndex, buttons.length - 1)]
    if (target) target.focus()
    else inputRef.current?.focus()
  }, [focusIndex])

  const sorted = (days: number[]) =>
    [...days].sort((a, b) => (order === 'descending' ? b - a : a - b))

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const days = (field.value as number[] | undefined) ?? []
        const message = problem ?? listError(fieldState.error)
        const errorId = `${id}-error`

        const add = () => {
          const text = draft.trim()
          const day = Number(text)
          if (!text || !Number.isInteger(day) || day < 1 || day > REMINDER_LIMITS.maxDays) {
            setProblem(`Enter a whole number of days from 1 to ${REMINDER_LIMITS.maxDays}`)
            return
          }
          if (days.includes(day)) {
            setProblem(`${countOf(day, 'day')} ${where} is already in the list`)
            return
          }
          if (days.length >= REMINDER_LIMITS.maxOffsets) {
            setProblem(`At most ${REMINDER_LIMITS.maxOffsets} reminders ${where}`)
            return
          }
          field.onChange(sorted([...days, day]))
          setDraft('')
          setProblem(null)
        }

        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          // Enter adds what is typed; with nothing typed it submits the form as usual.
          if (event.key === 'Enter' && draft.trim()) {
            event.preventDefault()
            add()
          }
        }

        return (
          <fieldset className="grid gap-2" aria-describedby={message ? errorId : undefined}>
            <legend className="mb-2 text-sm leading-none font-medium">Days {where}</legend>
            <div className="flex flex-wrap items-center gap-2">
              {days.length > 0 ? (
                <ul ref={listRef} aria-label={`Days ${where}`} className="flex flex-wrap gap-2">
                  {days.map((day, index) => (
                    <li
                      key={day}
                      className="inline-flex h-9 items-center gap-1 rounded-md border bg-secondary pr-1 pl-3 text-sm text-secondary-foreground tabular-nums"
                    >
                      {countOf(day, 'day')}
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="size-7"
                        aria-label={`Remove ${countOf(day, 'day')} ${where}`}
                        onClick={() => {
                          field.onChange(days.filter((other) => other !== day))
                          setProblem(null)
                          setFocusIndex(index)
                        }}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">None</p>
              )}
              <div className="flex items-center gap-2">
                <Input
                  ref={(element) => {
                    inputRef.current = element
                    field.ref(element)
                  }}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={REMINDER_LIMITS.maxDays}
                  step={1}
                  aria-label={`A day ${where}`}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? errorId : undefined}
                  placeholder="Days"
                  className="h-9 w-24"
                  value={draft}
                  onChange={(event) => {
                    setDraft(event.target.value)
                    setProblem(null)
                  }}
                  onKeyDown={onKeyDown}
                  onBlur={field.onBlur}
                />
                <Button variant="outline" size="sm" onClick={add}>
                  <Plus aria-hidden="true" />
                  Add<span className="sr-only"> a day {where}</span>
                </Button>
              </div>
            </div>
            {message ? (
              <p id={errorId} className="text-sm font-medium text-destructive">
                {message}
              </p>
            ) : null}
          </fieldset>
        )
      }}
    />
  )
}

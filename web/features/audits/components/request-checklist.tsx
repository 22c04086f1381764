import type { AuditRequest } from '@shared/schemas/requests'
import { useEffect, useRef } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'

/** A list of requests to tick, with an "All" box on top; each row says who it is assigned to. */
export function RequestChecklist({
  legend,
  requests,
  value,
  onChange,
  describedBy,
}: {
  legend: string
  requests: AuditRequest[]
  /** The chosen request ids. */
  value: string[]
  onChange: (ids: string[]) => void
  describedBy?: string
}) {
  const all = useRef<HTMLInputElement>(null)
  const chosen = new Set(value)
  const count = requests.filter((request) => chosen.has(request.id)).length
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < requests.length
  }, [count, requests.length])

  const toggle = (ids: string[], checked: boolean) => {
    const next = new Set(chosen)
    for (const id of ids) {
      if (checked) next.add(id)
      else next.delete(id)
    }
    // In the list's order, whatever the order of the clicks.
    onChange(requests.map((request) => request.id).filter((id) => next.has(id)))
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-2">
        {requests.length > 1 ? (
          <label className="flex cursor-pointer items-center gap-3 rounded-sm border-b p-2 pb-3 text-sm font-medium hover:bg-accent">
            <input
              ref={all}
              type="checkbox"
              className="size-4 accent-primary"
              checked={count === requests.length}
              onChange={(event) =>
                toggle(
                  requests.map((request) => request.id),
                  event.target.checked,
                )
              }
            />
            All {requests.length} requests
          </label>
        ) : null}
        <ul className="grid gap-1">
          {requests.map((request) => (
            <li key={request.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-sm p-2 text-sm hover:bg-accent">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={chosen.has(request.id)}
                  onChange={(event) => toggle([request.id], event.target.checked)}
                />
                <span className="grid gap-0.5">
                  <span>
                    <span className="tabular-nums">#{request.number}</span> {request.title}
                  </span>
                  <span className="text-muted-foreground">
                    {request.assigneeName ?? 'No assignee yet'}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
    </fieldset>
  )
}

/** The checklist as the `requestIds` field of a form. */
export function RequestChecklistField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  legend: string
  requests: AuditRequest[]
  describedBy?: string
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <RequestChecklist {...props} value={field.value} onChange={field.onChange} />
      )}
    />
  )
}

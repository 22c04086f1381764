import { TRACKED_FIELD_LABELS, type FieldChange } from '@shared/schemas/dashboard'
import { formatCalendarDate } from '@/lib/dates'

const shown = (change: FieldChange, value: string | null) => {
  if (value === null) return change.field === 'assignee' ? 'nobody' : 'none'
  if (change.field === 'dueDate') return formatCalendarDate(value)
  return value
}

/** What an event changed, field by field: "Due date: Jan 31, 2030 → Mar 31, 2030". */
export function FieldChanges({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return null
  return (
    <ul className="grid gap-0.5 text-xs text-muted-foreground">
      {changes.map((change) => (
        <li key={change.field} className="wrap-anywhere">
          <span className="font-medium text-foreground">{TRACKED_FIELD_LABELS[change.field]}:</span>{' '}
          <span className="line-through decoration-muted-foreground/60">
            {shown(change, change.from)}
          </span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> changed to </span>
          <span className="text-foreground">{shown(change, change.to)}</span>
        </li>
      ))}
    </ul>
  )
}

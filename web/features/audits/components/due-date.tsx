import { CalendarDays } from 'lucide-react'
import { formatCalendarDate } from '@/lib/dates'

/** A request's due date with its icon, or "No due date". */
export function DueDate({ date }: { date: string | null }) {
  return (
    <span className="flex items-center gap-1.5">
      <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
      {date ? (
        <span>
          Due{' '}
          <time dateTime={date} className="tabular-nums">
            {formatCalendarDate(date)}
          </time>
        </span>
      ) : (
        'No due date'
      )}
    </span>
  )
}

import { daysBetween } from '@shared/format'
import { MY_WORK_COUNT_CAP } from '@shared/schemas/my-work'
import { formatCalendarDate } from '@/lib/dates'
import { countOf } from '@/lib/plural'

/** A total the server stops at MY_WORK_COUNT_CAP: "100+" there. */
export const formatTotal = (total: number) =>
  total >= MY_WORK_COUNT_CAP ? `${MY_WORK_COUNT_CAP.toLocaleString('en-US')}+` : String(total)

/** "1 day late", "12 days late". */
export const daysLateLabel = (days: number) => `${countOf(days, 'day')} late`

/** When a request is due, from the firm's today: "Due today", "Due tomorrow", "Due Dec 3, 2026". */
export function dueLabel(dueDate: string, today: string) {
  const days = daysBetween(today, dueDate)
  if (days === 0) return 'Due today'
  if (days === 1) return 'Due tomorrow'
  return `Due ${formatCalendarDate(dueDate)}`
}

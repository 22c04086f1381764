import type { MyWork } from '@shared/schemas/my-work'
import { CalendarDays } from 'lucide-react'
import { dueLabel } from '../lib/work-format'
import { SectionEmpty, WorkSection } from './work-section'
import { assigneeText, WorkRow } from './work-row'

/** The requests of the caller's audits the clients owe from today to six days on, soonest first. */
export function DueThisWeekSection({
  dueThisWeek,
  today,
}: {
  dueThisWeek: MyWork['dueThisWeek']
  today: string
}) {
  const more = dueThisWeek.total - dueThisWeek.items.length
  return (
    <WorkSection
      id="due-this-week"
      title="Due this week"
      icon={CalendarDays}
      total={dueThisWeek.total}
      empty={
        <SectionEmpty title="Nothing due this week">
          Requests your clients owe in the next seven days show up here.
        </SectionEmpty>
      }
      footer={
        more > 0 ? (
          <p className="text-sm text-muted-foreground">
            And {more} more due by the end of the week.
          </p>
        ) : null
      }
    >
      <ul aria-label="Requests due this week" className="grid divide-y">
        {dueThisWeek.items.map((item) => (
          <WorkRow
            key={item.id}
            request={item}
            place={`${item.clientName} · ${item.auditName} · ${assigneeText(item.assigneeName)}`}
            when={<time dateTime={item.dueDate}>{dueLabel(item.dueDate, today)}</time>}
          />
        ))}
      </ul>
    </WorkSection>
  )
}

import type { RemindReply } from '@shared/schemas/reminders'
import { Fragment } from 'react'
import { isApiError } from '@/lib/api'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'

const names = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' })

/** "Grace Hopper (again in 40 minutes), Ada Lovelace (again in 5 minutes)". */
function NotYet({ people }: { people: RemindReply['notYet'] }) {
  return (
    <>
      {people.map((person, index) => (
        <Fragment key={person.id}>
          {index > 0 ? ', ' : null}
          {person.name} (again{' '}
          <time dateTime={person.retryAt} title={formatDateTime(person.retryAt)}>
            {formatRelativeTime(person.retryAt)}
          </time>
          )
        </Fragment>
      ))}
    </>
  )
}

/** Says who was reminded now, and who was reminded less than an hour ago and when they can be again. */
export function toastReminded(reply: RemindReply, nobody: string) {
  const { reminded, notYet } = reply
  const title =
    reminded.length === 0
      ? notYet.length === 0
        ? 'Nobody to remind'
        : 'Not reminded yet'
      : reminded.length === 1
        ? `Reminder sent to ${reminded[0]!.name}`
        : `Reminders sent to ${countOf(reminded.length, 'person', 'people')}`
  toast({
    title,
    description:
      reminded.length === 0 && notYet.length === 0 ? (
        nobody
      ) : (
        <>
          {reminded.length > 1 ? (
            <span className="block">
              Reminded {names.format(reminded.map((person) => person.name))}.
            </span>
          ) : null}
          {notYet.length > 0 ? (
            <span className="block">
              Reminded less than an hour ago: <NotYet people={notYet} />.
            </span>
          ) : null}
        </>
      ),
    duration: notYet.length > 0 ? 10_000 : undefined,
  })
}

/** A refusal to remind: too soon (429, its message says when), or a failure. */
export function toastRemindFailure(error: unknown) {
  if (isApiError(error) && error.code === 'RATE_LIMITED')
    toast({ title: 'Not reminded yet', description: error.message, duration: 10_000 })
  else toastFailure('Failed to send reminders', error)
}

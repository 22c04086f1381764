import type { MyRequest } from '@shared/schemas/requests'
import { FilePen, Paperclip } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { countOf } from '@/lib/plural'
import { DueDate } from './due-date'
import { RequirementBadges } from './requirement-badges'
import { RequestStateBadges } from './whose-move'

/** One of the client user's requests: the whole card opens it. */
export function MyRequestCard({ request, mine }: { request: MyRequest; mine: boolean }) {
  const { draftSaved, filesAttached } = request.inProgress
  return (
    <Card className="relative grid gap-2 p-4 focus-within:ring-2 focus-within:ring-ring">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="min-w-0 font-medium break-words">
          <span className="mr-2 text-muted-foreground tabular-nums">#{request.number}</span>
          <Link
            to={`/requests/${request.id}`}
            className="outline-none after:absolute after:inset-0"
          >
            {request.title}
          </Link>
        </h3>
        <div className="flex flex-wrap gap-1 sm:shrink-0 sm:justify-end">
          <RequestStateBadges request={request} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          {mine ? 'Assigned to you' : `Assigned to ${request.assigneeName ?? 'nobody yet'}`}
        </span>
        <DueDate date={request.dueDate} />
        <RequirementBadges
          documentRequired={request.documentRequired}
          responseRequired={request.responseRequired}
          answerType={request.answerType}
        />
      </div>
      {draftSaved || filesAttached > 0 ? (
        // Started, not submitted yet: the row says so, where it would look untouched.
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-warning-soft-foreground">
          {draftSaved ? (
            <span className="flex items-center gap-1.5">
              <FilePen aria-hidden="true" className="size-4" />
              Draft saved
            </span>
          ) : null}
          {filesAttached > 0 ? (
            <span className="flex items-center gap-1.5">
              <Paperclip aria-hidden="true" className="size-4" />
              {countOf(filesAttached, 'file')} attached, not submitted
            </span>
          ) : null}
        </p>
      ) : null}
    </Card>
  )
}

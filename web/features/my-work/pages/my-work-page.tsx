import type { MyWork } from '@shared/schemas/my-work'
import { useQuery } from '@tanstack/react-query'
import { Coffee } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { RequirePermission } from '@/components/require-permission'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { myWorkQueries } from '@/lib/queries/my-work'
import { DueThisWeekSection } from '../components/due-this-week-section'
import { OverdueSection } from '../components/overdue-section'
import { ReviewsSection } from '../components/reviews-section'
import { formatTotal } from '../lib/work-format'

/**
 * My work: what waits for one of the firm's people on the audits whose team they are on, each
 * with its action. Where they land after signing in when something is there.
 */
export function MyWorkPage() {
  return (
    <RequirePermission to="engagements.manage">
      <MyWorkContent />
    </RequirePermission>
  )
}

const isEmpty = (work: MyWork) =>
  work.reviews.total + work.overdue.total + work.dueThisWeek.total === 0

/** "3 answers to review, 2 overdue, 5 due this week." */
function summary(work: MyWork) {
  const parts = [
    `${formatTotal(work.reviews.total)} ${work.reviews.total === 1 ? 'answer' : 'answers'} to review`,
    `${formatTotal(work.overdue.total)} overdue`,
    `${formatTotal(work.dueThisWeek.total)} due this week`,
  ]
  return `${parts.join(', ')}.`
}

function MyWorkContent() {
  const work = useQuery(myWorkQueries.get())
  const { hash } = useLocation()
  const loaded = work.isSuccess

  // A link to a section (the dashboard's "Needs attention") finds it once the work is read.
  useEffect(() => {
    if (!loaded || !hash) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [loaded, hash])

  return (
    <div className="grid gap-6">
      <PageHeader
        title="My work"
        description={
          work.isSuccess && !isEmpty(work.data)
            ? `On your audits: ${summary(work.data)}`
            : 'What waits for you on the audits whose team you are on.'
        }
      />
      {work.isPending ? (
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading your work...</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-48 w-full rounded-lg" />
          ))}
        </div>
      ) : work.isError ? (
        <QueryErrorState title="Could not load your work" query={work} />
      ) : isEmpty(work.data) ? (
        <EmptyState
          icon={Coffee}
          title="You are all caught up"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="outline">
                <Link to="/dashboard">Go to the dashboard</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/review">Open the review queue</Link>
              </Button>
            </div>
          }
        >
          Nothing waits for you on your audits: no answer to review, nothing overdue and nothing due
          this week. Answers, late requests and deadlines of the audits whose team you are on show
          up here.
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          <ReviewsSection reviews={work.data.reviews} now={Date.now()} />
          <OverdueSection overdue={work.data.overdue} />
          <DueThisWeekSection dueThisWeek={work.data.dueThisWeek} today={work.data.today} />
        </div>
      )}
    </div>
  )
}

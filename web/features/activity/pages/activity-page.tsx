import { useInfiniteQuery } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { VirtualList } from '@/components/paged/virtual-list'
import { RequirePermission } from '@/components/require-permission'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { activityQueries } from '@/lib/queries/engagements'
import { ActivityItem } from '@/components/activity-item'

// The firm's log: a client user's own events are on their dashboard.
export function ActivityPage() {
  return (
    <RequirePermission to="engagements.manage">
      <ActivityPageContent />
    </RequirePermission>
  )
}

function ActivityPageContent() {
  const activity = useInfiniteQuery(activityQueries.list())
  const now = Date.now()

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Activity"
        description="What happened in your company, newest first: requests, reviews, teams and accounts."
      />
      <ListSection
        query={activity}
        loading={
          <Card role="status" className="grid gap-4 p-5">
            <span className="sr-only">Loading activity...</span>
            {[0, 1, 2, 3, 4].map((index) => (
              <div key={index} className="flex gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-24" />
                </div>
              </div>
            ))}
          </Card>
        }
        errorTitle="Could not load the activity"
        empty={
          <EmptyState icon={History} title="No recent activity">
            Requests sent, answered and reviewed, audit team changes, invitations and role changes
            will show up here.
          </EmptyState>
        }
        loadMoreLabel="Load more activity"
      >
        {(events) => (
          <Card className="px-5 pt-5 pb-1">
            <VirtualList
              label="Activity"
              items={events}
              getKey={(event) => event.id}
              renderItem={(event) => <ActivityItem event={event} now={now} />}
              estimateRowHeight={56}
              gap="list"
            />
          </Card>
        )}
      </ListSection>
    </div>
  )
}

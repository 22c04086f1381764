import type { Capability } from '@shared/access'
import type { Dashboard } from '@shared/schemas/dashboard'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck, ClipboardCheck, FolderKanban, Users, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { QueryErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { dashboardQueries } from '@/lib/queries/engagements'
import { useCan, usePermissions, useSession } from '@/lib/session'
import { hasBeenHereBefore } from '@/lib/sign-in-history'
import { ActivityItem } from '@/components/activity-item'
import { AwaitingReview } from '@/features/audits'
import { NeedsAttention } from '../components/needs-attention'
import { OverdueRequests } from '../components/overdue-requests'

interface Stat {
  label: string
  key: 'totalClients' | 'activeProjects' | 'inProgressAudits' | 'completedItems'
  icon: LucideIcon
  /** Shown only with this capability. */
  needs?: Capability
}

const stats: Stat[] = [
  // The firm's: a client user belongs to one client, so the count says nothing.
  { label: 'Total Clients', key: 'totalClients', icon: Users, needs: 'engagements.manage' },
  { label: 'Active Projects', key: 'activeProjects', icon: FolderKanban },
  { label: 'In Progress Audits', key: 'inProgressAudits', icon: ClipboardCheck },
  { label: 'Completed Items', key: 'completedItems', icon: CircleCheck },
]

interface QuickAction {
  to: string
  label: string
  /** Leads only where the user may go and act. */
  needs: Capability
}

const quickActions: QuickAction[] = [
  { to: '/clients', label: 'Add a new client', needs: 'engagements.manage' },
  { to: '/projects', label: 'Create a project for a client', needs: 'engagements.manage' },
  { to: '/projects', label: 'Start an audit from a project', needs: 'engagements.manage' },
  { to: '/templates', label: 'Build a checklist template', needs: 'templates.manage' },
  {
    to: '/admin?tab=invitations',
    label: 'Invite a colleague or a client',
    needs: 'company.manage',
  },
  { to: '/projects', label: 'See your projects and their audits', needs: 'requests.answer' },
  { to: '/settings', label: 'Update your name or password', needs: 'requests.answer' },
]

export function DashboardPage() {
  const user = useSession()
  const dashboard = useQuery(dashboardQueries.get())
  const can = usePermissions()
  // The firm's people see the firm's work; a client user, their client's.
  const isFirm = can('engagements.manage')
  const visibleStats = stats.filter((stat) => !stat.needs || can(stat.needs))
  const visibleActions = quickActions.filter((action) => can(action.needs))
  const welcome = hasBeenHereBefore(user.id) ? 'Welcome back' : 'Welcome'

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Dashboard"
        description={
          isFirm
            ? `${welcome}, ${user.firstName}. Here is an overview of your work.`
            : `${welcome}, ${user.firstName}. Here is where your audits with ${user.company.name} stand.`
        }
      />

      {dashboard.isError ? (
        <QueryErrorState title="Could not load the dashboard" query={dashboard} />
      ) : null}

      <section aria-labelledby="overview-heading" aria-busy={dashboard.isPending}>
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <ul
          className={
            visibleStats.length === 4
              ? 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4'
              : 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4'
          }
        >
          {visibleStats.map(({ label, key, icon: Icon }) => (
            <li key={label}>
              <Card className="h-full">
                <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                  <CardTitle asChild>
                    <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
                  </CardTitle>
                  <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </CardHeader>
                <CardContent>
                  {dashboard.isSuccess ? (
                    <p className="text-3xl leading-9 font-semibold tabular-nums">
                      {dashboard.data[key]}
                    </p>
                  ) : dashboard.isPending ? (
                    <Skeleton className="h-9 w-16" />
                  ) : (
                    <p className="text-3xl leading-9 font-semibold text-muted-foreground">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">Not available</span>
                    </p>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {isFirm ? <NeedsAttention /> : null}

      {isFirm ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <AwaitingReview />
          <OverdueRequests />
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle asChild>
              <h2>Recent Activity</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {dashboard.isSuccess ? (
              <RecentActivity activity={dashboard.data.recentActivity} />
            ) : dashboard.isPending ? (
              <div role="status" className="grid gap-4">
                <span className="sr-only">Loading recent activity...</span>
                {[0, 1, 2].map((index) => (
                  <div key={index} className="flex gap-3">
                    <Skeleton className="size-8 rounded-full" />
                    <div className="grid flex-1 gap-2">
                      <Skeleton className="h-4 w-3/4" />
                      <Skeleton className="h-3 w-24" />
                    </div>
                  </div>
                ))}
              </div>
            ) : (
              <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
                Recent activity is not available right now.
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Quick Actions</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid list-disc gap-2 pl-5 text-sm">
              {visibleActions.map(({ to, label }) => (
                <li key={label}>
                  <Link
                    to={to}
                    className="rounded-sm text-primary underline-offset-4 hover:underline"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  )
}

function RecentActivity({ activity }: { activity: Dashboard['recentActivity'] }) {
  const managesCompany = useCan('company.manage')
  const isFirm = useCan('engagements.manage')
  if (activity.length === 0) {
    return (
      <div className="grid gap-1 rounded-md border border-dashed px-4 py-8 text-center text-sm">
        <p className="font-medium">No recent activity</p>
        <p className="text-muted-foreground">
          {managesCompany
            ? 'Invitations, role changes and company updates will show up here.'
            : isFirm
              ? 'Requests sent, answered and reviewed, and audit team changes will show up here.'
              : 'Changes to your account will show up here.'}
        </p>
      </div>
    )
  }
  const now = Date.now()
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label="Recent activity">
        {activity.map((event) => (
          <li key={event.id}>
            <ActivityItem event={event} now={now} />
          </li>
        ))}
      </ul>
      {isFirm ? (
        <Link
          to="/activity"
          className="justify-self-start rounded-sm text-sm text-primary underline-offset-4 hover:underline"
        >
          See all activity
        </Link>
      ) : null}
    </div>
  )
}

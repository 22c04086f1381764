import { CircleCheck, ClipboardCheck, FolderKanban, Users, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useSession } from '@/lib/session'

interface Stat {
  label: string
  value: number
  icon: LucideIcon
}

// Counts come from the server in a later issue (architecture departure 1); zero until then.
const stats: Stat[] = [
  { label: 'Total Clients', value: 0, icon: Users },
  { label: 'Active Projects', value: 0, icon: FolderKanban },
  { label: 'In Progress Audits', value: 0, icon: ClipboardCheck },
  { label: 'Completed Items', value: 0, icon: CircleCheck },
]

const quickActions = [
  { to: '/clients', label: 'Add a new client' },
  { to: '/projects', label: 'Create a project for a client' },
  { to: '/projects', label: 'Start an audit from a project' },
  { to: '/templates', label: 'Build a checklist template' },
]

export function DashboardPage() {
  const user = useSession()
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${user.firstName}. Here is an overview of your work.`}
      />

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          {stats.map(({ label, value, icon: Icon }) => (
            <li key={label}>
              <Card className="h-full">
                <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                  <CardTitle asChild>
                    <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
                  </CardTitle>
                  <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                </CardHeader>
                <CardContent>
                  <p className="text-3xl font-semibold tabular-nums">{value}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle asChild>
              <h2>Recent Activity</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
              No recent activity
            </p>
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
              {quickActions.map(({ to, label }) => (
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

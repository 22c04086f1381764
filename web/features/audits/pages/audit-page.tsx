import type { AuditDetail } from '@shared/schemas/audits'
import { AWAITING_CLIENT } from '@shared/request-rules'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { Breadcrumbs } from '@/components/breadcrumbs'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { PageHeader } from '@/components/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { auditQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'
import { AuditExports, ClientAuditExports } from '../components/audit-exports'
import { AuditHeaderActions } from '../components/audit-header-actions'
import { AuditLockedNotice, CompleteAuditButton } from '../components/audit-lock'
import { RollForwardDialog } from '../components/roll-forward-dialog'
import { AuditReminders } from '../components/audit-reminders'
import { AuditSummary } from '../components/audit-summary'
import { AuditTeam } from '../components/audit-team'
import { AuditViews } from '../components/audit-views'
import { RequestTable } from '../components/request-table'

const HEADER_ACTIONS = ['add_requests', 'plan_requests', 'send_requests', 'roll_forward'] as const

export function AuditPage() {
  const { id = '' } = useParams()
  const audit = useQuery(auditQueries.detail(id))

  if (audit.isPending) return <AuditPageSkeleton />
  if (audit.isError) {
    return (
      <DetailLoadError noun="Audit" backTo="/projects" backLabel="Back to Projects" query={audit} />
    )
  }
  return <AuditView audit={audit.data} />
}

function AuditView({ audit }: { audit: AuditDetail }) {
  // The whole audit's counts and progress (the table below has its own, under its filters).
  const overview = useQuery(requestQueries.auditOverview(audit.id))
  const counts = overview.data?.counts
  const requestCount = counts && Object.values(counts).reduce((sum, count) => sum + count, 0)
  // The firm's view (exports stay the firm's while the audit is locked); a client user's otherwise.
  const firm = audit.allowedActions.includes('export')
  const assignees = useQuery({ ...requestQueries.assignees(audit.id), enabled: firm })
  const requestTable = (
    <RequestTable
      auditId={audit.id}
      assignees={assignees.data}
      firm={firm}
      canAdd={audit.allowedActions.includes('add_requests')}
    />
  )

  return (
    <div className="grid gap-6">
      <Breadcrumbs
        items={[
          ...(firm
            ? [
                { label: 'Clients', to: '/clients' },
                { label: audit.client.name, to: `/clients/${audit.client.id}` },
              ]
            : [{ label: 'Projects', to: '/projects' }]),
          { label: audit.project.name, to: `/projects/${audit.project.id}` },
          { label: audit.name },
        ]}
      />
      <PageHeader
        title={audit.name}
        actions={
          HEADER_ACTIONS.some((action) => audit.allowedActions.includes(action)) ? (
            <>
              <AuditHeaderActions audit={audit} counts={counts} assignees={assignees.data} />
              {audit.allowedActions.includes('roll_forward') ? (
                <RollForwardDialog audit={audit} />
              ) : null}
              {audit.allowedActions.includes('complete') ? (
                <CompleteAuditButton audit={audit} />
              ) : null}
            </>
          ) : undefined
        }
      />
      <AuditLockedNotice audit={audit} />
      {firm ? (
        <AuditExports auditId={audit.id} requests={requestCount} />
      ) : (
        <div>
          <ClientAuditExports auditId={audit.id} requests={requestCount} />
        </div>
      )}
      <AuditSummary
        audit={audit}
        progress={overview.data?.progress}
        team={<AuditTeam audit={audit} />}
        reminders={
          <AuditReminders
            audit={audit}
            awaitingClient={
              counts && AWAITING_CLIENT.reduce((sum, status) => sum + counts[status], 0)
            }
          />
        }
      />
      {firm ? <AuditViews auditId={audit.id} requests={requestTable} /> : requestTable}
    </div>
  )
}

function AuditPageSkeleton() {
  return (
    <DetailSkeleton noun="Audit">
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-32 w-full" />
    </DetailSkeleton>
  )
}

import { AUDIT_STATUS_LABELS, type Audit } from '@shared/schemas/audits'
import { PROJECT_STATUS_LABELS, type Project } from '@shared/schemas/projects'
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/schemas/requests'
import { Badge } from '@/components/ui/badge'

type BadgeVariant = 'success' | 'warning' | 'neutral'

const projectVariants: Record<Project['status'], BadgeVariant> = {
  active: 'success',
  on_hold: 'warning',
  completed: 'neutral',
}

const auditVariants: Record<Audit['status'], BadgeVariant> = {
  in_progress: 'success',
  in_review: 'warning',
  completed: 'neutral',
}

export function ProjectStatusBadge({ status }: { status: Project['status'] }) {
  return <Badge variant={projectVariants[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>
}

export function AuditStatusBadge({ status }: { status: Audit['status'] }) {
  return <Badge variant={auditVariants[status]}>{AUDIT_STATUS_LABELS[status]}</Badge>
}

const requestVariants: Record<RequestStatus, BadgeVariant | 'outline' | 'default'> = {
  draft: 'neutral',
  sent: 'outline',
  submitted: 'default',
  accepted: 'success',
  returned: 'warning',
  not_applicable: 'neutral',
}

/** A request's status in words; `overdue` adds a red "Overdue" badge beside it. */
export function RequestStatusBadge({
  status,
  overdue = false,
}: {
  status: RequestStatus
  overdue?: boolean
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={requestVariants[status]}>{REQUEST_STATUS_LABELS[status]}</Badge>
      {overdue ? <Badge variant="destructive">Overdue</Badge> : null}
    </span>
  )
}

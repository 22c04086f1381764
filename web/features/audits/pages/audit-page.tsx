import type { Audit } from '@shared/schemas/audits'
import type { AuditRequest } from '@shared/schemas/requests'
import type { User } from '@shared/schemas/users'
import {
  CalendarDays,
  ClipboardList,
  FileArchive,
  FilePlus2,
  FileSpreadsheet,
  Plus,
  Send,
  UserRoundCheck,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { BackLink } from '@/components/back-link'
import { DetailLoadError } from '@/components/detail-load-error'
import { EmptyState } from '@/components/empty-state'
import { ErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { AuditStatusBadge } from '@/components/status-badge'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate } from '@/lib/dates'
import { toastFailure } from '@/lib/mutation-feedback'
import { useSession } from '@/lib/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAssigneeOptions } from '../api/get-assignee-options'
import { useAudit } from '../api/get-audit'
import { useAuditRequests } from '../api/get-audit-requests'
import { useUpdateRequest } from '../api/update-request'
import { AddFromTemplateDialog } from '../components/add-from-template-dialog'
import { AssignRequestsDialog } from '../components/assign-requests-dialog'
import { RequestFormDialog } from '../components/request-form-dialog'
import { RequestProgress } from '../components/request-progress'
import { RequestRow } from '../components/request-row'
import { SendRequestsDialog } from '../components/send-requests-dialog'

export function AuditPage() {
  const { id = '' } = useParams()
  const audit = useAudit(id)

  if (audit.isPending) return <AuditPageSkeleton />
  if (audit.isError) {
    return (
      <DetailLoadError noun="Audit" backTo="/projects" backLabel="Back to Projects" query={audit} />
    )
  }
  return <AuditDetail audit={audit.data} />
}

function AuditDetail({ audit }: { audit: Audit }) {
  const role = useSession().role
  const canManage = role === 'admin'
  const isStaff = role !== 'client'
  const requests = useAuditRequests(audit.id)
  const assignees = useAssigneeOptions(audit.projectId, { enabled: canManage })
  const all = requests.data?.requests ?? []
  const drafts = all.filter((request) => request.status === 'draft')
  const plannable = all.filter((request) => request.allowedActions.includes('plan'))

  return (
    <div className="grid gap-6">
      <BackLink to={`/projects/${audit.projectId}`}>Back to Project</BackLink>
      <PageHeader
        title={audit.name}
        actions={
          canManage ? (
            <>
              <RequestFormDialog
                auditId={audit.id}
                trigger={
                  <Button variant="outline">
                    <Plus aria-hidden="true" />
                    Add Request
                  </Button>
                }
              />
              <AddFromTemplateDialog
                auditId={audit.id}
                trigger={
                  <Button variant="outline">
                    <FilePlus2 aria-hidden="true" />
                    Add from Template
                  </Button>
                }
              />
              {plannable.length > 0 ? (
                <AssignRequestsDialog
                  auditId={audit.id}
                  requests={plannable}
                  assignees={assignees.options}
                  trigger={
                    <Button variant="outline">
                      <UserRoundCheck aria-hidden="true" />
                      Assign &amp; Date
                    </Button>
                  }
                />
              ) : null}
              {drafts.length > 0 ? (
                <SendRequestsDialog
                  auditId={audit.id}
                  drafts={drafts}
                  trigger={
                    <Button>
                      <Send aria-hidden="true" />
                      Send
                    </Button>
                  }
                />
              ) : null}
            </>
          ) : undefined
        }
      />
      {isStaff ? <AuditExports audit={audit} /> : null}
      <Card className="grid gap-4 p-5">
        <h2 className="sr-only">Audit details</h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <AuditStatusBadge status={audit.status} />
          <span className="flex items-center gap-1.5 text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            {audit.dueDate ? (
              <span>
                Due{' '}
                <time dateTime={audit.dueDate} className="tabular-nums">
                  {formatCalendarDate(audit.dueDate)}
                </time>
              </span>
            ) : (
              'No due date'
            )}
          </span>
        </div>
        {audit.description ? (
          <p className="text-sm whitespace-pre-line text-muted-foreground">{audit.description}</p>
        ) : null}
        <div className="min-h-11">
          {requests.data ? (
            <RequestProgress progress={requests.data.progress} />
          ) : (
            <Skeleton className="h-11 w-full" />
          )}
        </div>
      </Card>
      <section className="grid gap-3" aria-labelledby="requests-heading">
        <h2 id="requests-heading" className="flex items-center gap-2 text-lg font-semibold">
          Requests
          {requests.isSuccess ? (
            <Badge variant="secondary" className="tabular-nums">
              {requests.data.requests.length}
            </Badge>
          ) : null}
        </h2>
        {requests.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading requests...</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-32 w-full rounded-lg" />
            ))}
          </div>
        ) : requests.isError ? (
          <ErrorState
            title="Could not load requests"
            onRetry={() => void requests.refetch()}
            retrying={requests.isFetching}
            error={requests.error}
          />
        ) : requests.data.requests.length === 0 ? (
          <EmptyState icon={ClipboardList}>
            {canManage
              ? 'No requests yet. Click "Add Request" or "Add from Template" to ask the client for what the audit needs.'
              : 'No requests for you in this audit yet. Your audit firm will send them here.'}
          </EmptyState>
        ) : (
          <RequestList
            requests={requests.data.requests}
            canManage={canManage}
            assignees={assignees.options}
          />
        )}
      </section>
    </div>
  )
}

function RequestList({
  requests,
  canManage,
  assignees,
}: {
  requests: AuditRequest[]
  canManage: boolean
  assignees: User[] | undefined
}) {
  const updateRequest = useUpdateRequest()
  const [moving, setMoving] = useState(false)
  // The move buttons to give the keyboard back to once the moved row is re-rendered and enabled.
  const focusAfterMove = useRef<string[] | null>(null)
  const drafts = requests.filter((request) => request.status === 'draft')

  useEffect(() => {
    const keys = focusAfterMove.current
    if (moving || !keys) return
    focusAfterMove.current = null
    for (const key of keys) {
      const button = document.querySelector<HTMLButtonElement>(`[data-move="${key}"]`)
      if (button && !button.disabled) return button.focus()
    }
  }, [moving, requests])

  // Only drafts move: swap the positions of a draft and its neighbouring draft.
  const move = async (request: AuditRequest, neighbour: AuditRequest, direction: 'up' | 'down') => {
    setMoving(true)
    try {
      let mine = neighbour.position
      let theirs = request.position
      if (mine === theirs) {
        mine = direction === 'up' ? Math.max(0, neighbour.position - 1) : neighbour.position + 1
        if (mine === theirs) theirs = mine + 1
      }
      await updateRequest.mutateAsync({ id: neighbour.id, input: { position: theirs } })
      await updateRequest.mutateAsync({ id: request.id, input: { position: mine } })
    } catch (error) {
      toastFailure('Failed to move the request', error)
    } finally {
      // The row moved in the page: keep the keyboard on its move buttons (see the effect above).
      focusAfterMove.current = [
        `${request.id}:${direction}`,
        `${request.id}:${direction === 'up' ? 'down' : 'up'}`,
      ]
      setMoving(false)
    }
  }

  return (
    <ul className="grid gap-3" aria-label="Requests">
      {requests.map((request) => {
        const index = drafts.indexOf(request)
        const before = index > 0 ? drafts[index - 1] : undefined
        const after = index >= 0 ? drafts[index + 1] : undefined
        return (
          <li key={request.id}>
            <RequestRow
              request={request}
              canManage={canManage}
              assignees={assignees}
              moving={moving}
              onMoveUp={before ? () => void move(request, before, 'up') : undefined}
              onMoveDown={after ? () => void move(request, after, 'down') : undefined}
            />
          </li>
        )
      })}
    </ul>
  )
}

/** Staff only: the request tracker as CSV and the accepted versions' files as a ZIP. */
function AuditExports({ audit }: { audit: Audit }) {
  const base = `/api/audits/${encodeURIComponent(audit.id)}`
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={`${base}/export.csv`} download>
          <FileSpreadsheet aria-hidden="true" />
          Export CSV
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={`${base}/export.zip`} download>
          <FileArchive aria-hidden="true" />
          Download accepted files (ZIP)
        </a>
      </Button>
    </div>
  )
}

function AuditPageSkeleton() {
  useDocumentTitle('Audit')
  return (
    <div className="grid gap-6" role="status">
      <span className="sr-only">Loading audit...</span>
      <Skeleton className="h-9 w-36" />
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  )
}

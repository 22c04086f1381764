import type { AuditDetail } from '@shared/schemas/audits'
import type { Assignee, AuditRequest } from '@shared/schemas/requests'
import { ClipboardCheck, FilePlus2, Plus, Send, UserRoundCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AddFromTemplateDialog } from './add-from-template-dialog'
import { AssignRequestsDialog } from './assign-requests-dialog'
import { RequestFormDialog } from './request-form-dialog'
import { ReviewRequestsDialog } from './review-requests-dialog'
import { SendRequestsDialog } from './send-requests-dialog'

/**
 * The audit page's actions, as the audit's and its requests' `allowedActions` permit: add
 * requests, plan those that can still be planned, decide several answers at once, send those
 * that can be sent.
 */
export function AuditHeaderActions({
  audit,
  requests,
  assignees,
}: {
  audit: AuditDetail
  /** Undefined while loading. */
  requests: AuditRequest[] | undefined
  assignees: Assignee[] | undefined
}) {
  const can = (action: AuditDetail['allowedActions'][number]) =>
    audit.allowedActions.includes(action)
  const plannable = (requests ?? []).filter((request) => request.allowedActions.includes('plan'))
  const sendable = (requests ?? []).filter((request) => request.allowedActions.includes('send'))
  const reviewable = (requests ?? []).filter((request) => request.allowedActions.includes('accept'))

  return (
    <>
      {can('add_requests') ? (
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
        </>
      ) : null}
      {can('plan_requests') && plannable.length > 0 ? (
        <AssignRequestsDialog
          auditId={audit.id}
          requests={plannable}
          assignees={assignees}
          trigger={
            <Button variant="outline">
              <UserRoundCheck aria-hidden="true" />
              Assign &amp; Date
            </Button>
          }
        />
      ) : null}
      {reviewable.length > 1 ? (
        <ReviewRequestsDialog
          auditId={audit.id}
          requests={reviewable}
          trigger={
            <Button variant="outline">
              <ClipboardCheck aria-hidden="true" />
              Review Several
            </Button>
          }
        />
      ) : null}
      {can('send_requests') && sendable.length > 0 ? (
        <SendRequestsDialog
          auditId={audit.id}
          drafts={sendable}
          trigger={
            <Button>
              <Send aria-hidden="true" />
              Send
            </Button>
          }
        />
      ) : null}
    </>
  )
}

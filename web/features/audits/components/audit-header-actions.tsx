import type { AuditDetail } from '@shared/schemas/audits'
import { REQUEST_RULES } from '@shared/request-rules'
import type { Assignee, RequestList } from '@shared/schemas/requests'
import {
  ClipboardCheck,
  FilePlus2,
  FileSpreadsheet,
  Plus,
  Send,
  UserRoundCheck,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AddFromTemplateDialog } from './add-from-template-dialog'
import { AssignRequestsDialog } from './assign-requests-dialog'
import { ImportRequestsDialog } from './import-requests-dialog'
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
  counts,
  assignees,
}: {
  audit: AuditDetail
  /** The audit's requests by status; undefined while loading. */
  counts: RequestList['counts'] | undefined
  assignees: Assignee[] | undefined
}) {
  const can = (action: AuditDetail['allowedActions'][number]) =>
    audit.allowedActions.includes(action)
  // How many could take the action: each dialog reads those that can when it opens.
  const inStatusFor = (action: keyof typeof REQUEST_RULES) =>
    REQUEST_RULES[action].when.reduce((sum, status) => sum + (counts?.[status] ?? 0), 0)
  const plannable = inStatusFor('plan')
  const sendable = inStatusFor('send')
  const reviewable = inStatusFor('accept')

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
          <ImportRequestsDialog
            auditId={audit.id}
            trigger={
              <Button variant="outline">
                <FileSpreadsheet aria-hidden="true" />
                Import
              </Button>
            }
          />
        </>
      ) : null}
      {can('plan_requests') && plannable > 0 ? (
        <AssignRequestsDialog
          auditId={audit.id}
          requests={{ auditId: audit.id, action: 'plan' }}
          assignees={assignees}
          trigger={
            <Button variant="outline">
              <UserRoundCheck aria-hidden="true" />
              Assign &amp; Date
            </Button>
          }
        />
      ) : null}
      {can('plan_requests') && reviewable > 1 ? (
        <ReviewRequestsDialog
          auditId={audit.id}
          requests={{ auditId: audit.id, action: 'accept' }}
          trigger={
            <Button variant="outline">
              <ClipboardCheck aria-hidden="true" />
              Review Several
            </Button>
          }
        />
      ) : null}
      {can('send_requests') && sendable > 0 ? (
        <SendRequestsDialog
          auditId={audit.id}
          drafts={{ auditId: audit.id, action: 'send' }}
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

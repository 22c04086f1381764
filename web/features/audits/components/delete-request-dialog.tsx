import type { AuditRequest } from '@shared/schemas/requests'
import type { ReactElement } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/lib/toast'
import { useDeleteRequest } from '../api/delete-request'

export function DeleteRequestDialog({
  request,
  trigger,
}: {
  request: AuditRequest
  trigger?: ReactElement
}) {
  const deleteRequest = useDeleteRequest()
  return (
    <ConfirmDialog
      triggerLabel="Delete"
      triggerContext={`request ${request.number}`}
      trigger={trigger}
      title="Delete Request?"
      description={
        <>
          This deletes the draft request &ldquo;{request.title}&rdquo;. It has not been sent, so the
          client never sees it.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      failureTitle="Failed to delete request"
      onConfirm={() =>
        deleteRequest.mutateAsync(request.id).then(() => toast({ title: 'Request deleted' }))
      }
    />
  )
}

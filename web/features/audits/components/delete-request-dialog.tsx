import type { AuditRequest } from '@shared/schemas/requests'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/lib/toast'
import { useDeleteRequest } from '../api/delete-request'

export function DeleteRequestDialog({ request }: { request: AuditRequest }) {
  const deleteRequest = useDeleteRequest()
  return (
    <ConfirmDialog
      triggerLabel="Delete"
      triggerContext={`request ${request.number}`}
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

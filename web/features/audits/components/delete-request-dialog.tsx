import type { AuditRequest } from '@shared/schemas/requests'
import { useState } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { keepFocusInPage } from '@/lib/focus'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useDeleteRequest } from '../api/delete-request'

export function DeleteRequestDialog({ request }: { request: AuditRequest }) {
  const [open, setOpen] = useState(false)
  const deleteRequest = useDeleteRequest()

  const onConfirm = () => {
    deleteRequest.mutateAsync(request.id).then(
      () => {
        toast({ title: 'Request deleted' })
        setOpen(false)
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to delete request', error),
    )
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!deleteRequest.isPending) setOpen(next)
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          Delete<span className="sr-only"> request {request.number}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Request?</AlertDialogTitle>
          <AlertDialogDescription>
            This deletes the draft request &ldquo;{request.title}&rdquo;. It has not been sent, so
            the client never sees it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteRequest.isPending}>Cancel</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={deleteRequest.isPending}
            pendingLabel="Deleting..."
            onClick={onConfirm}
          >
            Delete
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

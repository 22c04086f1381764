import { useState, type ReactElement, type ReactNode } from 'react'
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

interface ConfirmDialogProps {
  /** The trigger's visible word ("Delete") and what only a screen reader needs after it. */
  triggerLabel: string
  triggerContext: string
  /** Another trigger than the outlined button with `triggerLabel` (an icon button in a row). */
  trigger?: ReactElement
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  pendingLabel: string
  /** Toast title when the action fails; the dialog then stays open. */
  failureTitle: string
  /** The action (a mutation and its success toast): the dialog closes when it resolves. */
  onConfirm: () => Promise<unknown>
}

/** Asks before an action that cannot be undone (a deletion, a removal, a revocation). */
export function ConfirmDialog({
  triggerLabel,
  triggerContext,
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  failureTitle,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)

  const confirm = () => {
    setPending(true)
    onConfirm()
      .then(
        () => {
          setOpen(false)
          keepFocusInPage()
        },
        (error: unknown) => toastFailure(failureTitle, error),
      )
      .finally(() => setPending(false))
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next)
      }}
    >
      <AlertDialogTrigger asChild>
        {trigger ?? (
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
            {triggerLabel}
            <span className="sr-only"> {triggerContext}</span>
          </Button>
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={pending}
            pendingLabel={pendingLabel}
            onClick={confirm}
          >
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

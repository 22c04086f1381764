import { Mail } from 'lucide-react'
import type { RefObject } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { APP_NAME, SUPPORT_EMAIL } from '@/lib/site'

const demoMailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`${APP_NAME} demo request`)}`

export function DemoDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        className="max-w-md"
        // The trigger lives outside Radix (the dialog's code loads on first use), so hand focus
        // back to it ourselves.
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocusTo.current?.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Schedule a demo</DialogTitle>
          <DialogDescription>
            A product specialist walks you through {APP_NAME} in 30 minutes, using one of your own
            checklists.
          </DialogDescription>
        </DialogHeader>
        <div className="rounded-md border bg-muted/50 p-4">
          <p className="text-sm text-muted-foreground">E-mail us to book a time:</p>
          <a
            href={demoMailto}
            className="mt-1 inline-flex items-center gap-2 rounded-sm font-medium break-all text-primary underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {SUPPORT_EMAIL}
          </a>
        </div>
        <p className="text-sm text-muted-foreground">
          Tell us the size of your firm, the audits you run and two or three times that suit you. We
          usually reply within one working day.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

import { useState, type ReactElement, type ReactNode } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { keepFocusInPage } from '@/lib/focus'

interface FormDialogProps {
  title: string
  description: ReactNode
  trigger: ReactElement
  /** The form; it calls `done` after a successful save, which closes the dialog. */
  children: (done: () => void) => ReactNode
}

/** The create/edit dialog shell: the form mounts fresh on each opening, so it starts from its defaults. */
export function FormDialog({ title, description, trigger, children }: FormDialogProps) {
  const [open, setOpen] = useState(false)
  const done = () => {
    setOpen(false)
    keepFocusInPage()
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(done)}
      </DialogContent>
    </Dialog>
  )
}

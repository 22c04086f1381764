import { Library } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { StarterLists } from './starter-lists'

/** "Starter Lists" on the Templates page, for admins: the lists, each copied in one click. */
export function StarterListsDialog() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Library aria-hidden="true" />
          Starter Lists
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Starter Lists</DialogTitle>
          <DialogDescription>
            Request lists written for this product, with sections, references and due dates before
            the audit&apos;s. A copy becomes one of your templates, to change as you like.
          </DialogDescription>
        </DialogHeader>
        {open ? <StarterLists canCopy onCopied={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

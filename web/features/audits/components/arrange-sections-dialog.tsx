import type { AuditSection } from '@shared/schemas/requests'
import { ListOrdered } from 'lucide-react'
import { useState } from 'react'
import { SectionOrder } from '@/components/section-order'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { toastFailure } from '@/lib/mutation-feedback'
import { useMoveAuditSection } from '../api/move-section'

/** The audit's sections in order, each moved whole while its requests are drafts. */
export function ArrangeSectionsDialog({
  auditId,
  sections,
}: {
  auditId: string
  sections: AuditSection[]
}) {
  const [open, setOpen] = useState(false)
  const move = useMoveAuditSection()
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ListOrdered aria-hidden="true" />
          Arrange Sections
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Arrange Sections</DialogTitle>
          <DialogDescription>
            Each section moves whole, its requests in their order. Only drafts move: a section with
            a sent request stays where it is.
          </DialogDescription>
        </DialogHeader>
        <SectionOrder
          sections={sections.map((section) => ({ name: section.name, count: section.requests }))}
          noun="request"
          canMove
          pending={move.isPending}
          onMove={(section, before) =>
            move
              .mutateAsync({ auditId, input: { section, before } })
              .catch((error: unknown) => toastFailure('Failed to move the section', error))
          }
        />
      </DialogContent>
    </Dialog>
  )
}

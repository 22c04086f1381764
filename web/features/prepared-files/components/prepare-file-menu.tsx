import type { PrepareFileInput } from '@shared/schemas/prepared-files'
import { BellRing, ChevronDown, LoaderCircle, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { usePrepareFile } from '../api/prepare-file'
import { toastPrepareFailure, toastPreparing } from '../lib/prepare-feedback'

/** A file the page can have prepared: what to ask for, and the menu's words for it. */
export interface PreparableFile {
  input: PrepareFileInput
  /** "Prepare Excel file and notify me". */
  label: string
  icon: LucideIcon
}

/**
 * "Prepare in background": one item a file, each asking for it to be made by a job and the user
 * notified when it is ready. The menu stays open, its items disabled, until the server has taken
 * the request; then a toast says what comes next.
 */
export function PrepareFileMenu({
  files,
  describedBy,
}: {
  files: readonly PreparableFile[]
  /** The note beside the menu, if any ("a direct download may take a while"). */
  describedBy?: string
}) {
  const [open, setOpen] = useState(false)
  const prepare = usePrepareFile({
    onSuccess: (file) => toastPreparing(file.kind),
    onError: (error, input) => toastPrepareFailure(input.kind, error),
    onSettled: () => setOpen(false),
  })
  const pendingKind = prepare.isPending ? prepare.variables.kind : undefined

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-describedby={describedBy}>
          <BellRing aria-hidden="true" />
          Prepare in background
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {files.map(({ input, label, icon: Icon }) => (
          <DropdownMenuItem
            key={input.kind}
            disabled={pendingKind !== undefined}
            aria-busy={pendingKind === input.kind || undefined}
            onSelect={(event) => {
              // Open until the server answers: the item shows it is on its way.
              event.preventDefault()
              if (!prepare.isPending) prepare.mutate(input)
            }}
          >
            {pendingKind === input.kind ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Preparing...
              </>
            ) : (
              <>
                <Icon aria-hidden="true" />
                {label}
              </>
            )}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

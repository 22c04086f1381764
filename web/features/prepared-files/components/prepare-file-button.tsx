import type { PrepareFileInput } from '@shared/schemas/prepared-files'
import { BellRing } from 'lucide-react'
import type { ReactNode } from 'react'
import { PendingButton } from '@/components/ui/pending-button'
import { usePrepareFile } from '../api/prepare-file'
import { toastPrepareFailure, toastPreparing } from '../lib/prepare-feedback'

/** One file to have prepared in the background, where a menu of one would be too much. */
export function PrepareFileButton({
  input,
  describedBy,
  children,
}: {
  input: PrepareFileInput
  describedBy?: string
  /** "Prepare status report and notify me". */
  children: ReactNode
}) {
  const prepare = usePrepareFile({
    onSuccess: (file) => toastPreparing(file.kind),
    onError: (error) => toastPrepareFailure(input.kind, error),
  })
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={prepare.isPending}
      pendingLabel="Preparing..."
      aria-describedby={describedBy}
      onClick={() => prepare.mutate(input)}
    >
      <BellRing aria-hidden="true" />
      {children}
    </PendingButton>
  )
}

import {
  PREPARED_FILE_HOURS,
  PREPARED_FILE_LABELS,
  type PreparedFileKind,
} from '@shared/schemas/prepared-files'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'

/** Says the file is on its way: where it will come from, and for how long it can be had. */
export function toastPreparing(kind: PreparedFileKind) {
  toast({
    title: `We’ll notify you when “${PREPARED_FILE_LABELS[kind]}” is ready.`,
    description: `It can be downloaded for ${PREPARED_FILE_HOURS} hours.`,
  })
}

export function toastPrepareFailure(kind: PreparedFileKind, error: unknown) {
  toastFailure(`Could not prepare “${PREPARED_FILE_LABELS[kind]}”`, error)
}

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { isApiError } from '@/lib/api'
import { toast } from '@/lib/toast'

/** The server's message worth showing to the user, if any (never a 5xx's internals). */
export function serverMessage(error: unknown): string | undefined {
  if (isApiError(error) && error.status < 500 && error.message) return error.message
  return undefined
}

/** The failure toast: the spec's title, the server's message as the description. */
export function toastFailure(title: string, error: unknown) {
  toast({ title, description: serverMessage(error), variant: 'destructive' })
}

/**
 * Puts the server's field errors (`errors: [{ path, message }]`) next to the form's fields.
 * Returns true when at least one landed on a field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false
  const known = new Set<string>(fields)
  let applied = false
  for (const fieldError of error.errors) {
    // A list's item ("daysBefore.1") belongs to the list's field when the form has no field for it.
    const path = known.has(fieldError.path) ? fieldError.path : fieldError.path.split('.')[0]!
    if (!known.has(path)) continue
    setError(
      path as Path<T>,
      { type: 'server', message: fieldError.message },
      { shouldFocus: !applied },
    )
    applied = true
  }
  return applied
}

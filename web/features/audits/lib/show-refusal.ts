import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { isApiError } from '@/lib/api'
import { applyServerFieldErrors, serverMessage } from '@/lib/mutation-feedback'

/**
 * A dialog's answer to the server's refusal: its field errors next to the fields, and its message
 * in the form's alert (`errors.root.server`) unless a field error already says just that.
 */
export function showRefusal<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
  fallback: string,
) {
  const applied = applyServerFieldErrors(error, form.setError, fields)
  const message = serverMessage(error) ?? fallback
  const said = applied && isApiError(error) && error.errors.some((e) => e.message === message)
  if (!said) form.setError('root.server', { type: 'server', message })
}

import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import type { ZodType } from 'zod'

// The auth pages' forms. react-hook-form (13 KB gzip) would be most of the sign-in page's own
// JS, so these few flat forms use this hook instead, with the same behaviour: validation on
// submit, then again on each change; focus on the first invalid field; server errors per field.

type FormValues = Record<string, string | undefined>

/** One message per field, plus `form` for what belongs to no field (e.g. validation could not load). */
export type FormErrors<V extends FormValues> = Partial<Record<(keyof V & string) | 'form', string>>

export type Validation<V extends FormValues, O> =
  { data: O; errors?: undefined } | { data?: undefined; errors: FormErrors<V> }

export type Validate<V extends FormValues, O> = (
  values: V,
) => Validation<V, O> | Promise<Validation<V, O>>

const LOAD_FAILED = 'The form could not be loaded. Check your connection and try again.'

/**
 * Validates with a zod schema (the shared one, or one built on it), loaded by `load` on first
 * use so that zod need not be in the page's initial JS; `preload` starts loading it early. The
 * first issue of each field is its message, as with react-hook-form's zod resolver.
 */
export function schemaValidation<V extends FormValues, O>(
  load: () => Promise<ZodType<O>>,
): Validate<V, O> & { preload: () => void } {
  let schema: Promise<ZodType<O>> | undefined
  const get = () =>
    (schema ??= load().catch((error: unknown) => {
      schema = undefined
      throw error
    }))
  const validate = async (values: V): Promise<Validation<V, O>> => {
    let loaded: ZodType<O>
    try {
      loaded = await get()
    } catch {
      return { errors: { form: LOAD_FAILED } as FormErrors<V> }
    }
    const result = loaded.safeParse(values)
    if (result.success) return { data: result.data }
    const errors: Record<string, string> = {}
    for (const issue of result.error.issues) {
      const key = issue.path.length > 0 ? String(issue.path[0]) : 'form'
      errors[key] ??= issue.message
    }
    return { errors: errors as FormErrors<V> }
  }
  return Object.assign(validate, { preload: () => void get().catch(() => undefined) })
}

interface UseAuthFormOptions<V extends FormValues, O> {
  /** Every field, in the order of the form (the first invalid one gets focus). */
  defaultValues: V
  validate: Validate<V, O>
}

export function useAuthForm<V extends FormValues, O = V>({
  defaultValues,
  validate,
}: UseAuthFormOptions<V, O>) {
  const [values, setValues] = useState(defaultValues)
  const [errors, setErrors] = useState<FormErrors<V>>({})
  const latest = useRef(values)
  const submitted = useRef(false)
  const controls = useRef(new Map<string, HTMLElement | null>())
  const revalidation = useRef(0)

  const focus = (name: string) => controls.current.get(name)?.focus()

  const setValue = (name: keyof V & string, value: string) => {
    const next = { ...latest.current, [name]: value }
    latest.current = next
    setValues(next)
    if (!submitted.current) return
    // After a submit, the changed field is checked again (only it: other fields keep their
    // messages, including those the server gave).
    const run = ++revalidation.current
    void Promise.resolve(validate(next)).then((result) => {
      if (run !== revalidation.current) return
      setErrors((current) => {
        const { [name]: _previous, form: _form, ...rest } = current
        const message = result.errors?.[name]
        return (message ? { ...rest, [name]: message } : rest) as FormErrors<V>
      })
    })
  }

  /** The ref of a field's control, which gets focus when the field is the first invalid one. */
  const controlRef = (name: keyof V & string) => (element: HTMLElement | null) => {
    controls.current.set(name, element)
  }

  /** Props for a text input: name, value, change handler and ref. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    ref: controlRef(name),
  })

  const setError = (
    name: keyof V & string,
    message: string,
    { shouldFocus = false }: { shouldFocus?: boolean } = {},
  ) => {
    setErrors((current) => ({ ...current, [name]: message }))
    if (shouldFocus) focus(name)
  }

  const submit = async (
    onValid: (data: O) => void,
    onInvalid?: (errors: FormErrors<V>) => void,
  ) => {
    submitted.current = true
    revalidation.current += 1
    const result = await validate(latest.current)
    const { errors: found } = result
    if (found) {
      setErrors(found)
      const first = Object.keys(defaultValues).find((name) => found[name])
      if (first) focus(first)
      onInvalid?.(found)
      return
    }
    setErrors({})
    onValid(result.data as O)
  }

  /** The form's submit handler: validates, then calls `onValid` with the parsed values. */
  const handleSubmit =
    (onValid: (data: O) => void, onInvalid?: (errors: FormErrors<V>) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      void submit(onValid, onInvalid)
    }

  return { values, errors, field, controlRef, setValue, setError, handleSubmit }
}

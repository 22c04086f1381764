import { ANSWER_LIMITS } from '@shared/schemas/answers'
import type { RequestDetail } from '@shared/schemas/requests'
import { useId } from 'react'
import type { ControllerRenderProps } from 'react-hook-form'
import { FormError } from '@/components/form-error'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { RadioCard, RadioGroup } from '@/components/ui/radio-group'

type Field = ControllerRenderProps<{ answer: string }, 'answer'>

/** The control a typed answer takes: yes or no, one of the choices, a number, a date, a name. */
export function TypedAnswerField({
  request,
  field,
  error,
}: {
  request: Pick<RequestDetail, 'answerType' | 'choices'>
  field: Field
  error: string | undefined
}) {
  switch (request.answerType) {
    case 'yes_no':
      return (
        <Choices
          legend="Your answer"
          options={['yes', 'no']}
          labels={{ yes: 'Yes', no: 'No' }}
          field={field}
          error={error}
          columns
        />
      )
    case 'choice':
      return (
        <Choices legend="Your answer" options={request.choices ?? []} field={field} error={error} />
      )
    case 'number':
      return (
        <FormField label="Your answer (a number)" error={error} description="For example 1250.50">
          <Input
            inputMode="decimal"
            autoComplete="off"
            className="w-full sm:w-64"
            {...textProps(field)}
          />
        </FormField>
      )
    case 'date':
      return (
        <FormField label="Your answer (a date)" error={error}>
          <Input type="date" className="w-full sm:w-64" {...textProps(field)} />
        </FormField>
      )
    case 'acknowledgement':
      return (
        <FormField
          label="Type your full name to sign"
          error={error}
          description="By typing your name you confirm the statement of this request. We record your name, the time, your IP address and browser, and a fingerprint (SHA-256) of the statement and of each file attached."
        >
          <Input
            autoComplete="name"
            maxLength={ANSWER_LIMITS.signatureName}
            className="w-full sm:w-96"
            {...textProps(field)}
          />
        </FormField>
      )
    default:
      return null
  }
}

const textProps = (field: Field) => ({
  name: field.name,
  ref: field.ref,
  value: field.value,
  onBlur: field.onBlur,
  onChange: field.onChange,
})

/** Radio cards for yes or no, or a choice answer's list. */
function Choices({
  legend,
  options,
  labels,
  field,
  error,
  columns = false,
}: {
  legend: string
  options: readonly string[]
  labels?: Record<string, string>
  field: Field
  error: string | undefined
  /** Side by side (two short options). */
  columns?: boolean
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <fieldset className="grid gap-2">
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
        {legend}
      </legend>
      <RadioGroup
        ref={field.ref}
        name={field.name}
        value={field.value}
        onValueChange={field.onChange}
        onBlur={field.onBlur}
        aria-labelledby={`${id}-legend`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={columns ? 'grid-cols-2 sm:w-96' : 'sm:grid-cols-2'}
      >
        {options.map((option) => (
          <RadioCard key={option} value={option} label={labels?.[option] ?? option} />
        ))}
      </RadioGroup>
      <FormError id={errorId} message={error} />
    </fieldset>
  )
}

import {
  ANSWER_LIMITS,
  ANSWER_TYPE_LABELS,
  ANSWER_TYPES,
  answerType,
  choicesProblem,
  keptChoices,
  type AnswerType,
} from '@shared/schemas/answers'
import type { Control, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form'
import { z } from 'zod'
import { SelectField } from '@/components/select-field'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'

/** How a request or template item is answered, as its form edits it: choices one per line. */

const ANSWER_TYPE_HINTS: Record<AnswerType, string> = {
  text: 'The client answers in writing.',
  yes_no: 'The client answers yes or no, with an optional note.',
  choice: 'The client picks one of the choices below.',
  number: 'The client answers with a number.',
  date: 'The client answers with a date.',
  files: 'The client answers with documents only.',
  acknowledgement:
    'The client confirms the description by typing their full name; the time, their address and the files are recorded.',
}

const OPTIONS = ANSWER_TYPES.map((type) => ({ value: type, label: ANSWER_TYPE_LABELS[type] }))

/** The form's answer type and choices (a text, one choice per line). */
export const answerTypeFormFields = {
  answerType,
  choices: z
    .string()
    .max(ANSWER_LIMITS.choices * (ANSWER_LIMITS.choice + 1), 'Too many choices')
    .transform((text) =>
      text
        .split(/\r\n|\r|\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
}

/** The form's rule on the two together, the server's (shared/schemas/answers.ts). */
export function checkAnswerType(
  values: { answerType: AnswerType; choices: string[] },
  context: z.RefinementCtx,
) {
  const problem = choicesProblem(values.answerType, keptChoices(values.answerType, values.choices))
  if (problem) context.addIssue({ code: 'custom', path: ['choices'], message: problem })
}

/** The two as the API takes them: no choices for any type but choice. */
export const answerTypeInput = (values: { answerType: AnswerType; choices: string[] }) => ({
  answerType: values.answerType,
  choices: keptChoices(values.answerType, values.choices),
})

/** A request's or item's choices as the form's text. */
export const choicesText = (choices: readonly string[] | null | undefined) =>
  choices?.join('\n') ?? ''

export function AnswerTypeFields<T extends FieldValues, TOutput>({
  control,
  name,
  value,
  choices,
}: {
  control: Control<T, unknown, TOutput>
  /** The answer type's field. */
  name: Path<T>
  /** Its current value. */
  value: AnswerType
  choices: { field: UseFormRegisterReturn; error: string | undefined }
}) {
  return (
    <div className="grid gap-4">
      <SelectField
        control={control}
        name={name}
        label="Answer type"
        options={OPTIONS}
        description={ANSWER_TYPE_HINTS[value]}
      />
      {value === 'choice' ? (
        <FormField
          label="Choices"
          error={choices.error}
          description={`One per line: at least two, at most ${ANSWER_LIMITS.choices}.`}
        >
          <Textarea rows={4} {...choices.field} />
        </FormField>
      ) : null}
    </div>
  )
}

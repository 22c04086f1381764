import { createHash } from 'node:crypto'
import {
  ANSWER_TYPE_LABELS,
  choicesProblem,
  keptChoices,
  parseAnswer,
  type AnswerType,
} from '@shared/schemas/answers'
import { fieldError } from '../../lib/errors'
import type { RequestRow } from './requests.repo'

/** How requests (and template items) are answered: the checks of answer types and answers. */

/** An answer type as the trail reads it: "One of a list (Yes, partly / No)". */
export const answerTypeText = (type: AnswerType, choices: readonly string[] | null) =>
  type === 'choice'
    ? `${ANSWER_TYPE_LABELS.choice} (${(choices ?? []).join(' / ')})`
    : ANSWER_TYPE_LABELS[type]

/**
 * The answer type and choices an edit leaves the request (or item) with, checked together: a
 * 400 on choices when they do not fit; undefined when the edit touches neither.
 */
export function editedAnswerType(
  current: { answerType: AnswerType; choices: string[] | null },
  edit: { answerType?: AnswerType | undefined; choices?: string[] | null | undefined },
) {
  if (edit.answerType === undefined && edit.choices === undefined) return undefined
  const answerType = edit.answerType ?? current.answerType
  const choices =
    edit.choices !== undefined ? edit.choices : answerType === 'choice' ? current.choices : null
  const problem = choicesProblem(answerType, choices)
  if (problem) throw fieldError('choices', problem)
  return { answerType, choices: keptChoices(answerType, choices) }
}

/**
 * The typed answer of a submission as the request's answer type wants it (null for text and
 * files), or a 400 naming the field.
 */
export function checkedAnswer(
  row: Pick<RequestRow, 'answerType' | 'choices' | 'responseRequired'>,
  input: SubmitAnswer,
): string | null {
  const { answerType } = row
  if (answerType === 'files') {
    if (input.response) throw fieldError('response', 'This request takes documents only')
    if (input.answer !== null) throw fieldError('answer', 'This request takes documents only')
    return null
  }
  if (answerType === 'text') {
    if (input.answer !== null)
      throw fieldError('answer', 'This request takes a written response, not a typed answer')
    if (row.responseRequired && !input.response)
      throw fieldError('response', 'This request requires a written response')
    return null
  }
  const parsed = parseAnswer(answerType, row.choices, input.answer)
  if ('error' in parsed) throw fieldError('answer', parsed.error)
  return parsed.value
}

/** What a submission hands in: the written response or note, and the typed answer. */
export interface SubmitAnswer {
  response: string | null
  answer: string | number | null
}

/** Where a submission comes from, for an acknowledgement's signature block. */
export interface SubmitOrigin {
  ip: string
  userAgent: string | undefined
}

/** What an acknowledgement acknowledges: the request's title and description as shown. */
export const statementSha256 = (row: Pick<RequestRow, 'title' | 'description'>) =>
  createHash('sha256')
    .update(`${row.title}\n\n${row.description ?? ''}`, 'utf8')
    .digest('hex')

/** Whether a submission must hand in a file: a document is required, or files are the answer. */
export const needsDocument = (row: Pick<RequestRow, 'documentRequired' | 'answerType'>) =>
  row.documentRequired || row.answerType === 'files'

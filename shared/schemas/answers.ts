import { z } from 'zod'
import { calendarDate, requiredText } from './common'

/**
 * How a request is answered (`answerType` on requests and template items). `text` is a written
 * response; `files` takes documents only; `acknowledgement` is a statement the client confirms by
 * typing their full name, kept with a signature block. Any type may also require a document.
 */
export const ANSWER_TYPES = [
  'text',
  'yes_no',
  'choice',
  'number',
  'date',
  'files',
  'acknowledgement',
] as const
export type AnswerType = (typeof ANSWER_TYPES)[number]

export const ANSWER_TYPE_LABELS = {
  text: 'Written response',
  yes_no: 'Yes or no',
  choice: 'One of a list',
  number: 'Number',
  date: 'Date',
  files: 'Documents only',
  acknowledgement: 'Acknowledgement (typed signature)',
} as const satisfies Record<AnswerType, string>

export const ANSWER_LIMITS = {
  /** A choice answer's list: at least two, at most this many, each at most `choice` characters. */
  choices: 30,
  choice: 200,
  /** The full name typed to sign an acknowledgement. */
  signatureName: 200,
  /** Numbers are kept to 15 significant digits (what a double holds exactly). */
  numberDigits: 15,
} as const

export const answerType = z.enum(ANSWER_TYPES, {
  error: `Answer type must be one of: ${ANSWER_TYPES.join(', ')}`,
})

/** A choice answer's list (null for every other type). */
export const choicesField = z
  .array(requiredText('Choice', ANSWER_LIMITS.choice), { error: 'Choices must be a list of texts' })
  .max(ANSWER_LIMITS.choices, `At most ${ANSWER_LIMITS.choices} choices`)
  .nullable()

/**
 * What is wrong with a type and its choices together, if anything: a choice answer needs two
 * distinct choices or more; any other type has none. One rule for requests, template items and
 * imports.
 */
export function choicesProblem(type: AnswerType, choices: readonly string[] | null): string | null {
  if (type !== 'choice')
    return choices && choices.length > 0 ? 'Only an answer of type choice has choices' : null
  if (!choices || choices.length < 2) return 'Give at least two choices'
  const seen = new Set(choices.map((choice) => choice.toLowerCase()))
  if (seen.size !== choices.length) return 'Each choice must be different'
  return null
}

/** The choices as kept: a choice answer's list, null for any other type. */
export const keptChoices = (type: AnswerType, choices: readonly string[] | null | undefined) =>
  type === 'choice' ? [...(choices ?? [])] : null

/** The typed answer of a submission, or a message naming what is wrong with it. */
export function parseAnswer(
  type: AnswerType,
  choices: readonly string[] | null,
  raw: unknown,
): { value: string } | { error: string } {
  if (raw === null || raw === undefined || raw === '')
    return { error: answerMissing[type] ?? 'Give an answer' }
  switch (type) {
    case 'yes_no': {
      const value = typeof raw === 'string' ? raw.trim().toLowerCase() : raw
      return value === 'yes' || value === 'no' ? { value } : { error: 'Answer yes or no' }
    }
    case 'choice': {
      const value = typeof raw === 'string' ? raw.trim() : null
      const match = choices?.find((choice) => choice === value)
      return match ? { value: match } : { error: 'Choose one of the listed answers' }
    }
    case 'number': {
      const number = typeof raw === 'number' ? raw : numberText(raw)
      if (number === null || !Number.isFinite(number)) return { error: 'Enter a number' }
      const digits = String(Math.abs(number)).replace('.', '').replace(/^0+/, '')
      if (/e/i.test(String(number)) || digits.length > ANSWER_LIMITS.numberDigits)
        return { error: `Enter a number of at most ${ANSWER_LIMITS.numberDigits} digits` }
      return { value: String(number) }
    }
    case 'date': {
      const parsed = calendarDate.safeParse(typeof raw === 'string' ? raw.trim() : raw)
      return parsed.success ? { value: parsed.data } : { error: 'Enter a real date as YYYY-MM-DD' }
    }
    case 'acknowledgement': {
      const parsed = requiredText('Your full name', ANSWER_LIMITS.signatureName).safeParse(raw)
      return parsed.success
        ? { value: parsed.data }
        : { error: parsed.error.issues[0]?.message ?? 'Type your full name to sign' }
    }
    default:
      return { error: 'This request takes no typed answer' }
  }
}

const answerMissing: Partial<Record<AnswerType, string>> = {
  yes_no: 'Answer yes or no',
  choice: 'Choose one of the listed answers',
  number: 'Enter a number',
  date: 'Enter a date',
  acknowledgement: 'Type your full name to sign',
}

/** "1 234,5" is not a number here: digits, an optional sign and one decimal point. */
function numberText(raw: unknown) {
  if (typeof raw !== 'string') return null
  const text = raw.trim()
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : null
}

/** Whether a submission of this type carries a typed answer (`answer`) beside or instead of text. */
export const takesTypedAnswer = (type: AnswerType) => type !== 'text' && type !== 'files'

/** A typed answer as people read it: "Yes", "No", the date, the number, the choice, the name. */
export function answerText(type: AnswerType, value: string | null) {
  if (value === null) return ''
  if (type === 'yes_no') return value === 'yes' ? 'Yes' : 'No'
  return value
}

/**
 * What an acknowledgement's signature records: the name typed, who was signed in, when, from
 * where, and the SHA-256 of what was acknowledged (the statement: the request's title and
 * description as shown) and of each document on the answer at that moment.
 */
export const signatureDto = z
  .object({
    typedName: z.string(),
    signedBy: z.string(),
    signedById: z.string().nullable(),
    signedAt: z.string(),
    ipAddress: z.string(),
    userAgent: z.string().nullable(),
    statementSha256: z.string(),
    documents: z.array(z.object({ fileName: z.string(), sha256: z.string() })),
  })
  .meta({ id: 'Signature' })
export type Signature = z.infer<typeof signatureDto>

/** A signature's time as records print it: "2026-11-30 10:04:05 UTC". */
export const signatureTime = (at: string) => `${at.replace('T', ' ').slice(0, 19)} UTC`

/** An acknowledgement's signature block, line by line, as exports and reports print it. */
export function signatureLines(signature: Signature): string[] {
  return [
    `Signed by typing “${signature.typedName}”`,
    `Signed in as ${signature.signedBy}, ${signatureTime(signature.signedAt)}`,
    `From ${signature.ipAddress}${signature.userAgent ? `, ${signature.userAgent}` : ''}`,
    `Statement SHA-256 ${signature.statementSha256}`,
    ...signature.documents.map(
      (document) => `Document ${document.fileName}, SHA-256 ${document.sha256}`,
    ),
  ]
}

/**
 * A submitted answer as one text (exports, the binder's response.txt): the typed answer or the
 * signature block, then the written response or note; null when there is neither.
 */
export function answerRecord(version: {
  answerType: AnswerType
  answer: string | null
  response: string | null
  signature: Signature | null
}): string | null {
  const parts: string[] = []
  if (version.signature) parts.push(signatureLines(version.signature).join('\n'))
  else if (version.answer !== null) parts.push(answerText(version.answerType, version.answer))
  if (version.response) parts.push(version.response)
  return parts.length > 0 ? parts.join('\n\n') : null
}

import { sql, type AnyColumn } from 'drizzle-orm'
import { jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { ANSWER_TYPES, type AnswerType } from '../../../shared/schemas/answers'

export const id = () => uuid().primaryKey().defaultRandom()
export const tstz = () => timestamp({ withTimezone: true, mode: 'date' })
export const timestamps = {
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
}

export const answerTypeList = sql.raw(ANSWER_TYPES.map((type) => `'${type}'`).join(', '))

/** A choice answer has its list; no other type has one (the API checks the list itself). */
export const choicesCheck = (t: { answerType: AnyColumn; choices: AnyColumn }) =>
  sql`(${t.answerType} = 'choice') = (${t.choices} is not null)`

/** How a request or item is answered, and a choice answer's list (null for any other type). */
export const answerTypeColumns = () => ({
  answerType: text({ enum: ANSWER_TYPES }).$type<AnswerType>().notNull().default('text'),
  choices: jsonb().$type<string[]>(),
})

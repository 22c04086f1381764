import { sql, type AnyColumn } from 'drizzle-orm'
import { customType, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * What search matches a row by (decision 050): the database keeps it from the row's own columns,
 * stemmed as English, each weighted (A: its name, B: its words, C: the rest) for ranking. Column
 * names are written out: a generated column's expression names the table's own columns only.
 */
export const searchVector = (columns: Array<[column: string, weight: 'A' | 'B' | 'C']>) =>
  tsvector().generatedAlwaysAs(
    sql.raw(
      columns
        .map(
          ([column, weight]) =>
            `setweight(to_tsvector('english', coalesce("${column}", '')), '${weight}')`,
        )
        .join(' || '),
    ),
  )

import type { DateFormat } from '@shared/constants'
import {
  ANSWER_LIMITS,
  ANSWER_TYPES,
  choicesProblem,
  keptChoices,
  type AnswerType,
} from '@shared/schemas/answers'
import { calendarDate, LIMITS } from '@shared/schemas/common'
import {
  IMPORT_FIELDS,
  IMPORT_HEADERS,
  type ImportField,
  type ImportMapping,
  type ImportRow,
} from '@shared/schemas/imports'
import type { RequestStatus } from '@shared/schemas/requests'
import { DUE_DAYS_BEFORE_MAX } from '@shared/schemas/templates'
import { AppError } from '../../lib/errors'
import type { SheetCell, SheetFile, SheetRows } from './read-sheet'

/** What the rows are checked against: the audit's client users and requests, the firm's dates. */
export interface ImportContext {
  clientName: string
  /** Month-first or day-first, for days written as text (03/04/2027). */
  dateFormat: DateFormat
  assignees: Array<{ id: string; name: string; email: string }>
  /** The audit's requests by number; absent when importing into a template. */
  requests?: Map<number, { id: string; status: RequestStatus; title: string }>
  /** A template's items' titles, which its rows must not repeat. */
  itemTitles?: string[]
}

/** A row ready to be written: its values with the assignee as an id. */
export interface CheckedRow extends ImportRow {
  assigneeId: string | null
  /** The request it updates (`update`). */
  requestId: string | null
}

const HEADER_ROWS_SEARCHED = 10

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

const cellText = (cell: SheetCell): string | null => {
  if (cell === null) return null
  if (cell instanceof Date) return cell.toISOString().slice(0, 10)
  const text = String(cell).trim()
  return text === '' ? null : text
}

/** The fields each header names, the first column of each field winning. */
function mappingOf(columns: string[]): Record<ImportField, number | null> {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as Record<
    ImportField,
    number | null
  >
  columns.forEach((column, index) => {
    const name = normalized(column)
    const field = IMPORT_FIELDS.find(
      (candidate) => mapping[candidate] === null && IMPORT_HEADERS[candidate].includes(name),
    )
    if (field) mapping[field] = index
  })
  return mapping
}

/** The header row: of the first rows, the one naming the most fields (none: the first row). */
export function headerOf(rows: SheetRows) {
  let best = { index: 0, matched: 0 }
  rows.slice(0, HEADER_ROWS_SEARCHED).forEach(({ cells }, index) => {
    const matched = namedFields(cells)
    if (matched > best.matched) best = { index, matched }
  })
  const header = rows[best.index]
  const width = Math.max(0, ...rows.map((row) => row.cells.length))
  const columns = Array.from(
    { length: width },
    (_, index) => cellText(header?.cells[index] ?? null) ?? `Column ${index + 1}`,
  )
  return {
    columns,
    matched: best.matched,
    detected: mappingOf(best.matched > 0 ? columns : []),
    dataRows: rows.slice(best.index + 1),
  }
}

/** The sheet asked for (400 if there is none of that name), else the one naming the most fields. */
export function chosenSheet(file: SheetFile, asked: string | undefined) {
  if (asked !== undefined) {
    if (!file.sheets.includes(asked))
      throw new AppError('BAD_REQUEST', `This file has no sheet named ${asked.slice(0, 100)}`)
    return asked
  }
  let best = { sheet: file.sheets[0]!, matched: -1 }
  for (const sheet of file.sheets) {
    const { matched } = headerOf(file.rowsOf(sheet).slice(0, HEADER_ROWS_SEARCHED))
    if (matched > best.matched) best = { sheet, matched }
  }
  return best.sheet
}

/** How many fields a row's cells name as headers. */
function namedFields(cells: SheetCell[]) {
  return Object.values(mappingOf(cells.map((cell) => cellText(cell) ?? ''))).filter(
    (column) => column !== null,
  ).length
}

/** The mapping asked for, over the detected one; every column must exist. */
export function chosenMapping(
  detected: Record<ImportField, number | null>,
  asked: ImportMapping | undefined,
  width: number,
): {
  mapping: Record<ImportField, number | null>
  problem?: { field: ImportField; message: string }
} {
  const mapping = { ...detected, ...asked }
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field]
    if (column !== null && column !== undefined && column >= width)
      return {
        mapping,
        problem: { field, message: `The file has ${width} columns: no column ${column + 1}` },
      }
  }
  return { mapping }
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

/** A month by its name or its first three letters or more ("sep", "sept", "september"). */
const monthOf = (name: string) =>
  name.length >= 3 ? MONTHS.findIndex((month) => month.startsWith(name)) + 1 : 0

const pad = (n: number) => String(n).padStart(2, '0')

/** A day as YYYY-MM-DD if it exists in the calendar. */
const realDay = (year: number, month: number, day: number) => {
  const text = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
  return calendarDate.safeParse(text).success ? text : undefined
}

/** Excel's day numbers count from 1899-12-30 (its 1900 leap year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30)
const DAY_MS = 86_400_000

/** A due date from a cell: a day cell, an Excel day number, or text in a common way of writing. */
export function dayOf(cell: SheetCell, dateFormat: DateFormat): string | undefined {
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString().slice(0, 10)
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2_958_465) return undefined
    return new Date(EXCEL_EPOCH + cell * DAY_MS).toISOString().slice(0, 10)
  }
  if (typeof cell !== 'string') return undefined
  const text = cell.trim().toLowerCase()
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ t].*)?$/.exec(text)
  if (match) return realDay(Number(match[1]), Number(match[2]), Number(match[3]))
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text)
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[2])]
    const [month, day] = dateFormat === 'day-first' ? [second, first] : [first, second]
    return realDay(Number(match[3]), month, day)
  }
  // "29 Nov 2026", "29 November 2026", "Nov 29, 2026", "November 29 2026"
  match = /^(\d{1,2})\.? ([a-z]+)\.? (\d{4})$/.exec(text)
  const named = match
    ? { day: match[1]!, month: match[2]!, year: match[3]! }
    : ((m) => (m ? { month: m[1]!, day: m[2]!, year: m[3]! } : undefined))(
        /^([a-z]+)\.? (\d{1,2}),? (\d{4})$/.exec(text),
      )
  if (named) {
    const month = monthOf(named.month)
    return month === 0 ? undefined : realDay(Number(named.year), month, Number(named.day))
  }
  return undefined
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', '✓', '✔', 'required', 'oui', 'ja', 'si', 'sí'])
const NO = new Set(['no', 'n', 'false', '0', '-', 'not required', 'non', 'nein'])

/** A yes or no from a cell; empty is no. */
export function flagOf(cell: SheetCell): boolean | undefined {
  if (cell === null) return false
  if (typeof cell === 'boolean') return cell
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : undefined
  if (cell instanceof Date) return undefined
  const text = cell.trim().toLowerCase()
  return YES.has(text) ? true : NO.has(text) ? false : undefined
}

/** The words (letters and digits only) a type cell may use for each answer type. */
const ANSWER_TYPE_WORDS: Record<AnswerType, readonly string[]> = {
  text: ['text', 'written', 'writtenresponse', 'response', 'narrative', 'freetext'],
  yes_no: ['yesno', 'yn', 'yesorno', 'boolean'],
  choice: ['choice', 'oneofalist', 'list', 'dropdown', 'select', 'pick', 'multiplechoice'],
  number: ['number', 'numeric', 'amount', 'figure', 'integer', 'decimal'],
  date: ['date', 'day'],
  files: ['files', 'file', 'documentsonly', 'documents', 'upload', 'attachment'],
  acknowledgement: [
    'acknowledgement',
    'acknowledgment',
    'acknowledgementtypedsignature',
    'signature',
    'confirmation',
    'attestation',
  ],
}

/** A choice list from a cell: one per line, or separated by semicolons or bars. */
const choiceList = (text: string) =>
  (/[\r\n]/.test(text) ? text.split(/\r\n|\r|\n/) : text.split(/[;|]/))
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '')

/**
 * The answer type and choices of a row: the type by its name or label (empty: a choice answer
 * when choices are given, else text), the choices checked as a request's are.
 */
function answerTypeOf(
  typeCell: SheetCell,
  choicesCell: SheetCell,
  fail: (field: ImportField, message: string) => void,
): { answerType: AnswerType; choices: string[] | null } {
  const typeText = cellText(typeCell)
  const listed = cellText(choicesCell)
  const choices = listed === null ? null : choiceList(listed)
  let answerType: AnswerType = choices && choices.length > 0 ? 'choice' : 'text'
  if (typeText !== null) {
    const word = normalized(typeText)
    const found = ANSWER_TYPES.find(
      (type) => normalized(type) === word || ANSWER_TYPE_WORDS[type].includes(word),
    )
    if (!found) {
      fail(
        'answerType',
        `“${typeText.slice(0, 40)}” is not an answer type: write one of ${ANSWER_TYPES.join(', ')}`,
      )
      return { answerType: 'text', choices: null }
    }
    answerType = found
  }
  const tooLong = choices?.find((choice) => choice.length > ANSWER_LIMITS.choice)
  const problem = tooLong
    ? `Each choice must be at most ${ANSWER_LIMITS.choice} characters`
    : choices && choices.length > ANSWER_LIMITS.choices
      ? `At most ${ANSWER_LIMITS.choices} choices`
      : choicesProblem(answerType, choices)
  if (problem) fail('choices', problem)
  return { answerType, choices: keptChoices(answerType, choices) }
}

const whitespace = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * Every data row read through the mapping and checked: a title, its lengths, a real day, a client
 * user of the audit's client, yes or no, a number of the audit's, no duplicates. Nothing is
 * written here.
 */
export function checkRows(
  dataRows: SheetRows,
  mapping: Record<ImportField, number | null>,
  context: ImportContext,
): CheckedRow[] {
  const byEmail = new Map(context.assignees.map((user) => [user.email.toLowerCase(), user]))
  const byName = new Map<string, Array<(typeof context.assignees)[number]>>()
  for (const user of context.assignees) {
    const key = whitespace(user.name)
    byName.set(key, [...(byName.get(key) ?? []), user])
  }
  // Why a new row's title is a duplicate of what is there already.
  const existingTitles = new Map<string, string>()
  for (const [number, request] of context.requests ?? [])
    existingTitles.set(
      whitespace(request.title),
      `The same title as request #${number}: give its number to update it`,
    )
  for (const title of context.itemTitles ?? [])
    existingTitles.set(whitespace(title), 'The same title as an item of this template')
  const seenTitles = new Map<string, number>()
  const seenNumbers = new Map<number, number>()

  return dataRows.map(({ row, cells }) => {
    const errors: ImportRow['errors'] = []
    const fail = (field: ImportField, message: string) => errors.push({ field, message })
    const cell = (field: ImportField) => {
      const column = mapping[field]
      return column === null ? null : (cells[column] ?? null)
    }
    const text = (field: ImportField, label: string, max: number) => {
      const value = cellText(cell(field))
      if (value !== null && value.length > max) {
        fail(field, `${label} must be at most ${max} characters`)
        return value.slice(0, max)
      }
      return value
    }

    const title = text('title', 'Title', LIMITS.name)
    if (title === null) fail('title', 'A title is required')
    const description = text('description', 'Description', LIMITS.description)
    const section = text('section', 'Section', LIMITS.section)
    const reference = text('reference', 'Reference', LIMITS.reference)

    let dueDate: string | null = null
    const due = cell('dueDate')
    if (due !== null) {
      dueDate = dayOf(due, context.dateFormat) ?? null
      if (dueDate === null)
        fail(
          'dueDate',
          `“${String(cellText(due)).slice(0, 40)}” is not a date: write it as YYYY-MM-DD`,
        )
    }

    let assignee: CheckedRow['values']['assignee'] = null
    let assigneeId: string | null = null
    const who = cellText(cell('assignee'))
    if (who !== null) {
      const found = who.includes('@')
        ? [byEmail.get(who.toLowerCase())].filter((user) => user !== undefined)
        : (byName.get(whitespace(who)) ?? [])
      if (found.length === 1) {
        assignee = found[0]!.name
        assigneeId = found[0]!.id
      } else if (found.length > 1)
        fail('assignee', `${found.length} client users are named ${who}: give the e-mail instead`)
      else fail('assignee', `No client user of ${context.clientName} is ${who.slice(0, 80)}`)
    }

    const flag = (field: 'documentRequired' | 'responseRequired') => {
      const value = flagOf(cell(field))
      if (value === undefined) fail(field, 'Write yes or no')
      return value ?? false
    }
    let dueDaysBefore: number | null = null
    const daysCell = cell('dueDaysBefore')
    if (daysCell !== null) {
      const days = typeof daysCell === 'number' ? daysCell : Number(cellText(daysCell))
      if (Number.isInteger(days) && days >= 0 && days <= DUE_DAYS_BEFORE_MAX) dueDaysBefore = days
      else
        fail(
          'dueDaysBefore',
          `Days before the audit’s due date must be a whole number from 0 to ${DUE_DAYS_BEFORE_MAX}`,
        )
    }
    const documentRequired = flag('documentRequired')
    const responseRequired = flag('responseRequired')
    const { answerType, choices } = answerTypeOf(cell('answerType'), cell('choices'), fail)

    let action: ImportRow['action'] = 'add'
    let number: number | null = null
    let requestId: string | null = null
    const numberCell = cell('number')
    if (numberCell !== null && context.requests) {
      const value =
        typeof numberCell === 'number' ? numberCell : Number(String(numberCell).replace(/^#/, ''))
      const request = Number.isInteger(value) ? context.requests.get(value) : undefined
      if (!Number.isInteger(value) || value < 1)
        fail('number', 'A number must be a request’s number, or empty to add the row')
      else if (seenNumbers.has(value))
        fail('number', `Request #${value} is on row ${seenNumbers.get(value)} already`)
      else if (!request)
        fail('number', `This audit has no request #${value}: clear the number to add the row`)
      else {
        seenNumbers.set(value, row)
        number = value
        action = request.status === 'draft' ? 'update' : 'keep'
        requestId = action === 'update' ? request.id : null
      }
    }

    if (title !== null && action === 'add') {
      const key = whitespace(title)
      const earlier = seenTitles.get(key)
      const existing = existingTitles.get(key)
      if (earlier !== undefined) fail('title', `The same title as row ${earlier}`)
      else if (existing !== undefined) fail('title', existing)
      else seenTitles.set(key, row)
    }

    return {
      row,
      action,
      number,
      values: {
        section,
        reference,
        title,
        description,
        dueDate,
        assignee,
        documentRequired,
        responseRequired,
        answerType,
        choices,
        dueDaysBefore,
      },
      // A sent request is left as it is: what its row says is not read.
      errors: action === 'keep' ? [] : errors,
      assigneeId,
      requestId,
    }
  })
}

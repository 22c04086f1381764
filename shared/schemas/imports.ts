import { z } from 'zod'
import { answerType } from './answers'
import { requestDto } from './requests'
import { templateItemDto } from './templates'

/**
 * Request lists brought in from a spreadsheet (an `.xlsx` workbook or a `.csv` file): the columns
 * are mapped to fields, every row is checked and shown before anything is written, then all rows
 * are written in one transaction or none.
 */

export const IMPORT_LIMITS = {
  /** The file's size, in bytes. */
  bytes: 5 * 1024 * 1024,
  /** Rows of data (the header row aside). */
  rows: 5000,
  /** Characters kept of a cell; longer ones are an error on their row. */
  cell: 5000,
} as const

/** What a column can be read as. `number` matches rows to an audit's existing requests. */
export const IMPORT_FIELDS = [
  'number',
  'section',
  'reference',
  'title',
  'description',
  'dueDate',
  'assignee',
  'documentRequired',
  'responseRequired',
  'answerType',
  'choices',
  'dueDaysBefore',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** What an audit's requests take from a sheet (a template's items take days before due instead). */
export const AUDIT_IMPORT_FIELDS = IMPORT_FIELDS.filter(
  (field) => field !== 'dueDaysBefore',
) as readonly ImportField[]

/** What a template's items take from a sheet (no number, due date or assignee). */
export const TEMPLATE_IMPORT_FIELDS = [
  'section',
  'reference',
  'title',
  'description',
  'documentRequired',
  'responseRequired',
  'answerType',
  'choices',
  'dueDaysBefore',
] as const satisfies readonly ImportField[]

export const IMPORT_FIELD_LABELS = {
  number: 'Number',
  section: 'Section',
  reference: 'Reference',
  title: 'Title',
  description: 'Description',
  dueDate: 'Due date',
  assignee: 'Assignee (e-mail or name)',
  documentRequired: 'Requires document',
  responseRequired: 'Requires response',
  answerType: 'Answer type',
  choices: 'Choices (one per line, or separated by ;)',
  dueDaysBefore: 'Days before the audit’s due date',
} as const satisfies Record<ImportField, string>

/**
 * Headers recognised for each field, compared lowercased with everything but letters and digits
 * taken out ("Due date", "due-date" and "DUE DATE" are one). The audit's own XLSX and CSV exports
 * are recognised, so that a tracker edited in Excel comes back.
 */
export const IMPORT_HEADERS: Record<ImportField, readonly string[]> = {
  number: ['number', 'no', 'nr', 'requestnumber', 'requestno', 'id'],
  section: ['section', 'area', 'category', 'cycle', 'group', 'heading'],
  reference: ['reference', 'ref', 'refno', 'index', 'pbcref', 'pbcno'],
  title: ['title', 'request', 'requesttitle', 'item', 'name', 'document', 'documentrequested'],
  description: ['description', 'details', 'detail', 'instructions', 'notes'],
  dueDate: ['duedate', 'due', 'deadline', 'duedateyyyymmdd', 'dateneeded', 'dueby'],
  assignee: ['assignee', 'assigneeemail', 'assignedto', 'owner', 'contact', 'email', 'responsible'],
  documentRequired: ['requiresdocument', 'documentrequired', 'documentneeded', 'needsdocument'],
  responseRequired: ['requiresresponse', 'responserequired', 'responseneeded', 'needsresponse'],
  answerType: ['answertype', 'type', 'responsetype', 'answerformat', 'questiontype', 'format'],
  choices: ['choices', 'options', 'answeroptions', 'allowedanswers', 'picklist', 'values'],
  dueDaysBefore: ['daysbeforedue', 'duedaysbefore', 'daysbefore', 'daysbeforetheauditsduedate'],
}

/** Columns by field: the column's index (0 first) in the chosen sheet, or null for none. */
export const importMapping = z.partialRecord(
  z.enum(IMPORT_FIELDS),
  z
    .number({ error: 'A column must be given by its index' })
    .int('A column must be given by its index')
    .min(0, 'A column must be given by its index')
    .max(500, 'A column must be given by its index')
    .nullable(),
)
export type ImportMapping = z.infer<typeof importMapping>

/** The form fields sent beside the file (multipart), both optional. */
export const importOptions = z.strictObject({
  /** The sheet's name; the first sheet when none is given. */
  sheet: z.string().max(200, 'Sheet must be at most 200 characters').optional(),
  /** The columns chosen; the detected ones when none is given (JSON). */
  mapping: importMapping.optional(),
})
export type ImportOptions = z.infer<typeof importOptions>

/** What a row will do: add a draft, update a draft by its number, or leave a sent request be. */
export const IMPORT_ACTIONS = ['add', 'update', 'keep'] as const
export type ImportAction = (typeof IMPORT_ACTIONS)[number]

export const importRowDto = z.object({
  /** The row's number in the sheet (1 first, as the spreadsheet shows it). */
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /** The request it updates or keeps (its number), for `update` and `keep`. */
  number: z.number().int().nullable(),
  values: z.object({
    section: z.string().nullable(),
    reference: z.string().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    dueDate: z.string().nullable(),
    /** The client user it goes to: their name, as found. */
    assignee: z.string().nullable(),
    documentRequired: z.boolean(),
    responseRequired: z.boolean(),
    answerType,
    /** A choice answer's list; null for any other type. */
    choices: z.array(z.string()).nullable(),
    /** A template item's days before the audit's due date. */
    dueDaysBefore: z.number().int().nullable(),
  }),
  /** What is wrong with the row, by field; none: it can be imported. */
  errors: z.array(z.object({ field: z.enum(IMPORT_FIELDS), message: z.string() })),
})
export type ImportRow = z.infer<typeof importRowDto>

export const importPreviewDto = z
  .object({
    /** The file's sheets (one for a CSV), and the one read. */
    sheets: z.array(z.string()),
    sheet: z.string(),
    /** The header row's cells, by column index. */
    columns: z.array(z.string()),
    mapping: z.record(z.enum(IMPORT_FIELDS), z.number().int().nullable()),
    rows: z.array(importRowDto),
    counts: z.object({
      add: z.number().int(),
      update: z.number().int(),
      keep: z.number().int(),
      /** Rows with at least one error. */
      errors: z.number().int(),
    }),
  })
  .meta({ id: 'ImportPreview' })
export type ImportPreview = z.infer<typeof importPreviewDto>

/** The items a template's import added, after its last one. */
export const templateImportResultDto = z
  .object({ created: z.array(templateItemDto) })
  .meta({ id: 'TemplateImportResult' })
export type TemplateImportResult = z.infer<typeof templateImportResultDto>

/** The drafts the import created and those it updated (rows of sent requests change nothing). */
export const importResultDto = z
  .object({ created: z.array(requestDto), updated: z.array(requestDto) })
  .meta({ id: 'ImportResult' })
export type ImportResult = z.infer<typeof importResultDto>

import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { IMPORT_LIMITS } from '@shared/schemas/imports'
import { ZipTail } from '../../files/zip-directory'
import { AppError } from '../../lib/errors'

/** A cell as read: text, a number, a yes/no, a day (a Date at UTC midnight), or empty. */
export type SheetCell = string | number | boolean | Date | null

/** A sheet's non-empty rows, each with its number in the sheet (1 first). */
export type SheetRows = Array<{ row: number; cells: SheetCell[] }>

/** A spreadsheet file: its visible sheets (one, named after the file, for a CSV), each readable. */
export interface SheetFile {
  sheets: string[]
  rowsOf(sheet: string): SheetRows
}

/** A workbook may unpack to this much: ExcelJS holds all of it in memory. */
const UNPACKED_MAX_BYTES = 50 * 1024 * 1024
/** Columns read of a row: past it, nothing a request list needs. */
const MAX_COLUMNS = 100

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

const NOT_READABLE =
  'Import takes an Excel workbook (.xlsx) or a CSV file (.csv): this file is neither'

/**
 * An `.xlsx` workbook or a `.csv` file, judged by its bytes, not its name. A legacy `.xls`
 * workbook is refused with what to do instead.
 */
export async function readSheetFile(data: Buffer, fileName: string): Promise<SheetFile> {
  if (data.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty')
  if (data.subarray(0, 8).equals(OLE_MAGIC))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This is an older Excel workbook (.xls): open it in Excel, save it as an Excel Workbook (.xlsx) and import that',
    )
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) return readWorkbook(data)
  const text = decodeText(data)
  if (text === undefined) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_READABLE)
  const name = fileName.replace(/\.[^.]*$/, '') || 'Sheet1'
  const rows = readCsv(text)
  return { sheets: [name], rowsOf: () => rows }
}

/** UTF-8 text (a byte order mark dropped), or undefined for bytes that are not text. */
function decodeText(data: Buffer): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data)
    // Control characters other than tab and line ends: a binary file that happens to decode.
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c)
        return undefined
    }
    return text
  } catch {
    return undefined
  }
}

/** The delimiter of the header line (comma, semicolon or tab: Excel writes `;` in much of Europe). */
function delimiterOf(text: string) {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '')
  const counts = [',', ';', '\t'].map((delimiter) => ({
    delimiter,
    n: outsideQuotes.split(delimiter).length - 1,
  }))
  return counts.reduce((best, next) => (next.n > best.n ? next : best)).delimiter
}

function readCsv(text: string): SheetRows {
  let records: string[][]
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: IMPORT_LIMITS.cell * MAX_COLUMNS,
      to_line: IMPORT_LIMITS.rows + 100,
    }) as string[][]
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `This CSV file cannot be read (${(error as Error).message.replace(/\.$/, '')})`,
    )
  }
  return records
    .map((cells, index) => ({
      row: index + 1,
      cells: cells.slice(0, MAX_COLUMNS).map((cell) => (cell.trim() === '' ? null : cell)),
    }))
    .filter(({ cells }) => cells.some((cell) => cell !== null))
}

async function readWorkbook(data: Buffer): Promise<SheetFile> {
  const tail = new ZipTail()
  tail.update(data)
  const directory = tail.directory()
  if ('problem' in directory)
    throw new AppError('BAD_REQUEST', 'This workbook cannot be read: save it again as .xlsx')
  if (directory.unpackedBytes > UNPACKED_MAX_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'This workbook unpacks to more than 50 MB: keep only the sheet of requests and import that',
    )
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer)
  } catch {
    throw new AppError('BAD_REQUEST', 'This workbook cannot be read: save it again as .xlsx')
  }
  const visible = workbook.worksheets.filter((sheet) => sheet.state === 'visible')
  if (visible.length === 0) throw new AppError('BAD_REQUEST', 'This workbook has no sheet to read')
  const read = new Map<string, SheetRows>()
  return {
    sheets: visible.map((sheet) => sheet.name),
    rowsOf(name) {
      const known = read.get(name)
      if (known) return known
      const worksheet = visible.find((sheet) => sheet.name === name)!
      const rows: SheetRows = []
      read.set(name, rows)
      worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
        if (rows.length > IMPORT_LIMITS.rows + 100) return
        const cells: SheetCell[] = []
        const last = Math.min(row.cellCount, MAX_COLUMNS)
        for (let column = 1; column <= last; column++) cells.push(cellValue(row.getCell(column)))
        if (cells.some((cell) => cell !== null)) rows.push({ row: rowNumber, cells })
      })
      return rows
    },
  }
}

/**
 * A cell's value as the sheet shows it: a formula's last result, a rich text's or link's text, an
 * error as empty. A merged range's value is its first cell's; the others read as empty.
 */
function cellValue(cell: ExcelJS.Cell): SheetCell {
  if (cell.type === ExcelJS.ValueType.Merge) return null
  const value = cell.value
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value.trim() === '' ? null : value
  if (typeof value === 'number' || typeof value === 'boolean') return value
  if (value instanceof Date) return value
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('') || null
    if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : null
    if ('result' in value) {
      const result = value.result
      if (result === undefined || result === null || typeof result === 'object') {
        return result instanceof Date ? result : null
      }
      return result
    }
    if ('error' in value) return null
  }
  return null
}

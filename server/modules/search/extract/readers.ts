import { Readable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { TextCollector } from './collector'

/**
 * The readers of each kind of file, run in the extraction worker (./worker.ts). Each library is
 * loaded by the reader that needs it, so that a worker loads one of them.
 */

export type TextKind = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'txt'

/** A file to read, sent to the extraction thread. */
export interface WorkerJob {
  bytes: Uint8Array
  kind: TextKind
  maxChars: number
  /** Where the libraries may write temporary files (removed after the job). */
  tmpDir: string
}

export type WorkerReply =
  { status: 'done'; text: string } | { status: 'failed'; reason: 'unreadable' | 'too_large' }

/**
 * What the entries of a DOCX or XLSX may unpack to, counted as they inflate (the sizes an archive
 * states can lie): the libraries keep what they unpack in buffers, outside the worker's heap
 * limit, or in temporary files.
 */
export const UNPACKED_MAX_BYTES = 128 * 1024 * 1024

const CHUNK_BYTES = 1024 * 1024
const CSV_RECORD_MAX_CHARS = 256 * 1024

export class TooLargeError extends Error {}

export const readers: Record<TextKind, (bytes: Uint8Array, maxChars: number) => Promise<string>> = {
  pdf: readPdf,
  docx: readDocx,
  xlsx: readXlsx,
  csv: readCsv,
  txt: async (bytes, maxChars) => readPlain(bytes, maxChars),
}

async function readPdf(bytes: Uint8Array, maxChars: number) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise
  const text = new TextCollector(maxChars)
  for (let number = 1; number <= document.numPages && !text.full; number++) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    for (const item of content.items)
      if ('str' in item) text.add(item.str + (item.hasEOL ? '\n' : ''))
    text.add('\n')
    page.cleanup()
  }
  await document.destroy()
  return text.text()
}

async function readDocx(bytes: Uint8Array, maxChars: number) {
  await checkUnpackedSize(bytes)
  const { default: mammoth } = await import('mammoth')
  const { value } = await mammoth.extractRawText({ buffer: asBuffer(bytes) })
  const text = new TextCollector(maxChars)
  text.add(value)
  return text.text()
}

/**
 * Streamed, a row at a time. The sheets that come before their shared strings in the archive (as
 * Excel and ExcelJS write them) wait in temporary files: the worker's TMPDIR, removed after it.
 */
async function readXlsx(bytes: Uint8Array, maxChars: number) {
  await checkUnpackedSize(bytes)
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.stream.xlsx.WorkbookReader(Readable.from([asBuffer(bytes)]), {
    styles: 'cache',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
  const text = new TextCollector(maxChars)
  for await (const sheet of workbook as AsyncIterable<
    ExcelJS.stream.xlsx.WorksheetReader & { name: string }
  >) {
    text.add(`${sheet.name}\n`)
    for await (const row of sheet) {
      const cells: string[] = []
      row.eachCell((cell) => {
        if (cell.type !== Excel.ValueType.Merge) cells.push(cellText(cell.value))
      })
      text.add(`${cells.join('\t')}\n`)
      if (text.full) return text.text()
    }
  }
  return text.text()
}

/** A cell as the sheet shows it: a formula's last result, a rich text's or a link's text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return ''
    const iso = value.toISOString()
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ')
  }
  if (typeof value !== 'object') return String(value)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue)
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
  return ''
}

/**
 * Fields apart by spaces, a record per line. A file that does not parse is read as plain text, as
 * is one with a record over CSV_RECORD_MAX_CHARS (csv-parse reads a long field slowly).
 */
async function readCsv(bytes: Uint8Array, maxChars: number) {
  const { parse } = await import('csv-parse')
  const parser = Readable.from(chunks(bytes)).pipe(
    parse({
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: CSV_RECORD_MAX_CHARS,
    }),
  )
  const text = new TextCollector(maxChars)
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      text.add(`${record.join(' ')}\n`)
      if (text.full) break
    }
  } catch {
    return readPlain(bytes, maxChars)
  }
  return text.text()
}

/** UTF-8, a byte order mark dropped and invalid bytes replaced (U+FFFD). */
function readPlain(bytes: Uint8Array, maxChars: number) {
  const decoder = new TextDecoder()
  const text = new TextCollector(maxChars)
  for (const chunk of chunks(bytes)) {
    text.add(decoder.decode(chunk, { stream: true }))
    if (text.full) return text.text()
  }
  text.add(decoder.decode())
  return text.text()
}

function* chunks(bytes: Uint8Array) {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES)
    yield asBuffer(bytes.subarray(at, at + CHUNK_BYTES))
}

async function checkUnpackedSize(bytes: Uint8Array) {
  const { default: JSZip } = await import('jszip')
  const zip = await JSZip.loadAsync(bytes)
  let unpacked = 0
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream()
      stream.on('data', (chunk: Buffer) => {
        unpacked += chunk.length
        if (unpacked <= UNPACKED_MAX_BYTES) return
        stream.pause()
        reject(new TooLargeError())
      })
      stream.on('error', reject)
      stream.on('end', () => resolve())
    })
  }
}

function asBuffer(bytes: Uint8Array) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

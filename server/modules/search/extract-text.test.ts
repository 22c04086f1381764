import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { crc32, deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { docxOf, pdfOf } from '../../test/documents'
import { extractable, extractText, type Extraction } from './extract-text'
import { UNPACKED_MAX_BYTES } from './extract/readers'

const PDF = 'application/pdf'
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A ZIP of one entry deflated by zlib (JSZip's own deflate takes seconds on a bomb's size). */
function zipOf(name: string, data: Buffer) {
  const packed = deflateRawSync(data, { level: 1 })
  const checksum = crc32(data)
  const fileName = Buffer.from(name)
  const header = (signature: number, size: number, at: number) => {
    const bytes = Buffer.alloc(size)
    bytes.writeUInt32LE(signature, 0)
    bytes.writeUInt16LE(20, at) // version needed to extract
    bytes.writeUInt16LE(8, at + 4) // deflated
    bytes.writeUInt32LE(checksum, at + 10)
    bytes.writeUInt32LE(packed.length, at + 14)
    bytes.writeUInt32LE(data.length, at + 18)
    bytes.writeUInt16LE(fileName.length, at + 22)
    return bytes
  }
  const local = Buffer.concat([header(0x04034b50, 30, 4), fileName])
  const central = Buffer.concat([header(0x02014b50, 46, 6), fileName])
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length, 12)
  end.writeUInt32LE(local.length + packed.length, 16)
  return Buffer.concat([local, packed, central, end])
}

/** The temporary folders of extractions (removed when each ends). */
async function extractionFolders() {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('extract-text-'))
}

function textOf(extraction: Extraction) {
  expect(extraction.status).toBe('done')
  return extraction.status === 'done' ? extraction.text : ''
}

describe('extractText', () => {
  let twoPages: Buffer
  let docx: Buffer

  beforeAll(async () => {
    twoPages = await pdfOf(['Engagement letter for Acme Ltd', 'Signed by the auditor: zebrafish'])
    docx = await docxOf(['Bank confirmation for Globex', 'Balance as of year end: 12,345.67'])
  })

  it('reads the text of every page of a PDF', async () => {
    const text = textOf(await extractText(twoPages, PDF))
    expect(text).toContain('Engagement letter for Acme Ltd')
    expect(text).toContain('Signed by the auditor: zebrafish')
  })

  it('reads a DOCX, a paragraph per line', async () => {
    expect(textOf(await extractText(docx, DOCX))).toBe(
      'Bank confirmation for Globex\nBalance as of year end: 12,345.67',
    )
  })

  it('reads every sheet of an XLSX, a row per line, cells as the sheet shows them', async () => {
    const workbook = new ExcelJS.Workbook()
    const ledger = workbook.addWorksheet('Ledger')
    ledger.addRow(['Account', 'Amount', 'Booked'])
    ledger.addRow(['Receivables', 1200.5, new Date(Date.UTC(2024, 11, 31))])
    ledger.addRow([
      { richText: [{ text: 'Rich ' }, { text: 'text' }] },
      { formula: 'B2*2', result: 2401 },
      { text: 'Bank portal', hyperlink: 'https://bank.example' },
    ])
    ledger.mergeCells('A5:C5')
    ledger.getCell('A5').value = 'Merged once'
    workbook.addWorksheet('Notes').addRow(['Inventory count witnessed'])
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer())
    const before = await extractionFolders()
    expect(textOf(await extractText(bytes, XLSX))).toBe(
      [
        'Ledger',
        'Account Amount Booked',
        'Receivables 1200.5 2024-12-31',
        'Rich text 2401 Bank portal',
        'Merged once',
        'Notes',
        'Inventory count witnessed',
      ].join('\n'),
    )
    // ExcelJS kept the sheets (written before the shared strings) in temporary files: all gone.
    expect(await extractionFolders()).toEqual(before)
  })

  it('reads a CSV, its fields apart by spaces', async () => {
    const csv = 'Client,Amount,Note\r\n"Acme, Ltd",100,"said ""paid"""\r\nGlobex,200,\r\n'
    expect(textOf(await extractText(Buffer.from(csv), 'text/csv'))).toBe(
      'Client Amount Note\nAcme, Ltd 100 said "paid"\nGlobex 200',
    )
  })

  it('reads a CSV that does not parse as plain text', async () => {
    const csv = 'Client,Note\nAcme,"never closed\n'
    expect(textOf(await extractText(Buffer.from(csv), 'text/csv'))).toBe(
      'Client,Note\nAcme,"never closed',
    )
  })

  it('reads UTF-8 text: byte order mark dropped, invalid bytes replaced, whitespace collapsed', async () => {
    const bytes = Buffer.concat([
      Buffer.from('\uFEFF  Élise réviseure\t\t naïve \r\n\r\n\r\n Zoë\0 \uE000mark\uE001 '),
      Buffer.from([0xff, 0x41]),
    ])
    expect(textOf(await extractText(bytes, 'text/plain; charset=utf-8'))).toBe(
      'Élise réviseure naïve\nZoë mark \uFFFDA',
    )
  })

  it('collapses a whitespace run however long, a line break in it making it a newline', async () => {
    const text = `a${' '.repeat(3 * 1024 * 1024)}\r\n${'\t'.repeat(70_000)}b  c`
    expect(textOf(await extractText(Buffer.from(text), 'text/plain'))).toBe('a\nb c')
  })

  it('cuts the text at maxChars', async () => {
    const long = 'word '.repeat(100_000)
    const text = textOf(await extractText(Buffer.from(long), 'text/plain', { maxChars: 1000 }))
    expect(text).toHaveLength(999)
    expect(text).toBe('word '.repeat(200).slice(0, 999))
    const pages = Array.from({ length: 50 }, (_, page) => `Page ${page + 1} ${'lorem '.repeat(40)}`)
    const pdfText = textOf(await extractText(await pdfOf(pages), PDF, { maxChars: 500 }))
    expect(pdfText.length).toBeLessThanOrEqual(500)
    expect(pdfText).toMatch(/^Page 1 lorem/)
  })

  it('fails on a corrupt PDF or a truncated DOCX: unreadable', async () => {
    expect(await extractText(Buffer.from('%PDF-1.7 garbage'), PDF)).toEqual({
      status: 'failed',
      reason: 'unreadable',
    })
    expect(await extractText(docx.subarray(0, docx.length / 2), DOCX)).toEqual({
      status: 'failed',
      reason: 'unreadable',
    })
  })

  it('reads no file larger than maxBytes: too_large', async () => {
    expect(await extractText(twoPages, PDF, { maxBytes: twoPages.length - 1 })).toEqual({
      status: 'failed',
      reason: 'too_large',
    })
  })

  it('stops unpacking a DOCX whose contents inflate past the cap: too_large', async () => {
    const bomb = zipOf('word/document.xml', Buffer.alloc(UNPACKED_MAX_BYTES + 1, ' '))
    expect(bomb.length).toBeLessThan(1024 * 1024)
    expect(await extractText(bomb, DOCX)).toEqual({ status: 'failed', reason: 'too_large' })
  })

  it('gives up after timeoutMs: timeout; the files sent meanwhile are read by a new thread', async () => {
    const late = extractText(twoPages, PDF, { timeoutMs: 1 })
    const next = extractText(docx, DOCX)
    expect(await late).toEqual({ status: 'failed', reason: 'timeout' })
    expect(textOf(await next)).toContain('Bank confirmation for Globex')
  })

  it('reads no other type: unsupported', async () => {
    expect(await extractText(Buffer.from('\x89PNG'), 'image/png')).toEqual({
      status: 'unsupported',
    })
    expect(extractable('image/png')).toBe(false)
    expect(extractable('application/zip')).toBe(false)
    for (const type of [PDF, DOCX, XLSX, 'text/csv', 'text/plain'])
      expect(extractable(type)).toBe(true)
  })
})

import { Document, Packer, Paragraph, TextRun } from 'docx'
import ExcelJS from 'exceljs'
import PDFDocument from 'pdfkit'

/** Real documents with known words, written by real writers: for the tests of reading them. */

/** A PDF, a page per text. */
export function pdfOf(pages: string[]) {
  return new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument()
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    pages.forEach((text, index) => {
      if (index > 0) doc.addPage()
      doc.text(text)
    })
    doc.end()
  })
}

/** A DOCX, a paragraph per text. */
export function docxOf(paragraphs: string[]) {
  const doc = new Document({
    sections: [
      { children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) },
    ],
  })
  return Packer.toBuffer(doc)
}

/** An XLSX of one sheet, a row per array. */
export async function xlsxOf(rows: string[][], sheet = 'Sheet1') {
  const workbook = new ExcelJS.Workbook()
  workbook.addWorksheet(sheet).addRows(rows)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

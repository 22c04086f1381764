import { createRequire } from 'node:module'
import type { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import PDFDocument from 'pdfkit'
import { daysBetween, formatDay, fullName } from '@shared/format'
import type { DateFormat } from '@shared/constants'
import { requestLabel } from '@shared/request-rules'
import { answerText, signatureLines } from '@shared/schemas/answers'
import type { OpenItem, TypedAnswerItem } from './audit-report.repo'

const require = createRequire(import.meta.url)
/** Inter (the app's typeface), embedded: the report reads the same wherever it is opened. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
}

const INK = '#18181b'
const MUTED = '#52525b'
const LATE = '#b91c1c'
const RULE = '#d4d4d8'
const ACCENT = '#2563eb'
/** Items laid out between two turns of the event loop. */
const ITEMS_PER_TURN = 25

export interface StatusReport {
  firmName: string
  clientName: string
  projectName: string
  auditName: string
  auditDueDate: string | null
  /** The firm's today (YYYY-MM-DD), and how its dates read. */
  today: string
  dateFormat: DateFormat
  progress: { done: number; sent: number }
  items: OpenItem[]
  /** Typed answers given (submitted or accepted), acknowledgements with their signature blocks. */
  answers: TypedAnswerItem[]
}

/** A day (YYYY-MM-DD) as the firm writes it. */
const day = (value: string, dateFormat: DateFormat) =>
  formatDay(new Date(`${value}T00:00:00Z`), dateFormat, 'UTC')

/**
 * An audit's status report for its client, A4, one column of text large enough to read on a
 * phone: who and when, progress, then the open requests by assignee, overdue first. Streamed as
 * it is laid out, a few items a turn of the event loop; pages numbered at the end.
 */
export function statusReportPdf(report: StatusReport): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    info: {
      Title: `${report.auditName}: status report`,
      Author: report.firmName,
      Subject: `Status report for ${report.clientName}`,
    },
    lang: 'en',
    displayTitle: true,
  })
  doc.registerFont('regular', FONTS.regular)
  doc.registerFont('bold', FONTS.bold)
  void write(doc, report).catch((error: unknown) => doc.emit('error', error))
  return doc
}

async function write(doc: PDFKit.PDFDocument, report: StatusReport) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right
  const left = doc.page.margins.left
  const { dateFormat } = report

  doc.font('regular').fontSize(10).fillColor(MUTED).text(report.firmName)
  doc.moveDown(0.3)
  doc.font('bold').fontSize(22).fillColor(INK).text(report.auditName)
  doc.font('regular').fontSize(11).fillColor(MUTED)
  doc.text(`Status report for ${report.clientName} · ${report.projectName}`)
  const when = [`As of ${day(report.today, dateFormat)}`]
  if (report.auditDueDate) when.push(`audit due ${day(report.auditDueDate, dateFormat)}`)
  doc.text(when.join(' · '))
  doc.moveDown(1.2)

  const { done, sent } = report.progress
  doc.font('bold').fontSize(13).fillColor(INK).text('Progress')
  doc.moveDown(0.3)
  doc.font('regular').fontSize(11)
  if (sent === 0) {
    doc.text('Nothing has been requested yet.')
  } else {
    const percent = Math.round((done / sent) * 100)
    doc.text(`${done} of ${sent} requests done (${percent}%)`)
    const y = doc.y + 6
    doc.roundedRect(left, y, width, 8, 4).fill(RULE)
    if (done > 0) doc.roundedRect(left, y, Math.max(8, (width * done) / sent), 8, 4).fill(ACCENT)
    doc.y = y + 16
    doc.x = left
    const overdue = report.items.filter((item) => isOverdue(item, report.today)).length
    const withClient = report.items.filter((item) => item.awaitingClient).length
    doc
      .fillColor(MUTED)
      .text(
        [
          `${withClient} waiting for ${report.clientName}`,
          `${report.items.length - withClient} with ${report.firmName}`,
          `${overdue} overdue`,
        ].join(' · '),
      )
  }
  doc.moveDown(1.2)

  doc.font('bold').fontSize(13).fillColor(INK).text('Open requests')
  doc.moveDown(0.3)
  if (report.items.length === 0) {
    doc.font('regular').fontSize(11).fillColor(MUTED).text('None: every request is done.')
  }
  let group: string | null | undefined
  for (const [index, item] of report.items.entries()) {
    if (index > 0 && index % ITEMS_PER_TURN === 0) await nextTurn()
    if (item.assigneeId !== group) {
      group = item.assigneeId
      const count = report.items.filter((other) => other.assigneeId === group).length
      const name = item.assigneeId
        ? fullName({
            firstName: item.assigneeFirstName ?? '',
            lastName: item.assigneeLastName ?? '',
          })
        : 'Not assigned'
      if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage()
      doc.moveDown(0.6)
      doc.font('bold').fontSize(12).fillColor(INK).text(`${name} (${count})`)
      const y = doc.y + 2
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.5)
        .stroke(RULE)
      doc.y = y + 6
    }
    doc.font('regular').fontSize(11).fillColor(INK).text(requestLabel(item), left)
    const late = isOverdue(item, report.today)
    const details = [
      item.awaitingClient
        ? 'Waiting for the client'
        : item.status === 'submitted'
          ? 'Answered, in review'
          : 'With the firm',
    ]
    if (item.dueDate) details.push(`due ${day(item.dueDate, dateFormat)}`)
    if (late && item.dueDate) {
      const days = daysBetween(item.dueDate, report.today)
      details.push(`${days} ${days === 1 ? 'day' : 'days'} overdue`)
    }
    doc
      .fontSize(9.5)
      .fillColor(late ? LATE : MUTED)
      .text(details.join(' · '))
    doc.moveDown(0.5)
  }

  if (report.answers.length > 0) {
    doc.moveDown(1.2)
    doc.font('bold').fontSize(13).fillColor(INK).text('Answers and acknowledgements', left)
    doc.moveDown(0.3)
  }
  for (const [index, item] of report.answers.entries()) {
    if (index > 0 && index % ITEMS_PER_TURN === 0) await nextTurn()
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage()
    doc.font('regular').fontSize(11).fillColor(INK).text(requestLabel(item), left)
    if (item.signature) {
      doc.moveDown(0.2)
      const top = doc.y
      doc.fontSize(9.5).fillColor(INK)
      for (const line of signatureLines(item.signature))
        doc.text(line, left + 10, doc.y, { width: width - 10 })
      doc
        .moveTo(left + 2, top)
        .lineTo(left + 2, doc.y)
        .lineWidth(1.5)
        .stroke(ACCENT)
      doc.x = left
    } else {
      doc
        .font('bold')
        .fontSize(11)
        .text(answerText(item.answerType, item.answer), left)
        .font('regular')
    }
    const answered = [item.status === 'accepted' ? 'Accepted' : 'In review']
    if (item.submittedBy) answered.push(`answered by ${item.submittedBy}`)
    doc.fontSize(9.5).fillColor(MUTED).text(answered.join(' · '), left)
    doc.moveDown(0.5)
  }

  const pages = doc.bufferedPageRange()
  for (let page = 0; page < pages.count; page++) {
    doc.switchToPage(pages.start + page)
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(
        `${report.auditName} · page ${page + 1} of ${pages.count}`,
        left,
        doc.page.height - 40,
        { width, align: 'center', lineBreak: false },
      )
    doc.page.margins.bottom = bottom
  }
  doc.end()
}

const isOverdue = (item: OpenItem, today: string) =>
  item.awaitingClient && item.dueDate !== null && item.dueDate < today

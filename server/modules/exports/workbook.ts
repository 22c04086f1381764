import { PassThrough, type Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { RequestStatus } from '@shared/schemas/requests'
import { STATUS_FILLS, TRACKER_COLUMNS, type TrackerRow } from './tracker'

const STATUS_COLUMN = TRACKER_COLUMNS.findIndex((column) => column.kind === 'status') + 1
const DAY_FORMAT = 'yyyy-mm-dd'

/** A day (YYYY-MM-DD) as the date Excel shows for it, whatever the reader's time zone. */
const excelDay = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * The request tracker as an .xlsx workbook, streamed as it is written (ExcelJS's streaming
 * writer: each row leaves memory once committed): a Summary sheet, then a Requests sheet with a
 * frozen header row, filters on every column, dates as dates and each status coloured.
 * `batches` is read as the stream is; its end (or the reader going away) ends the workbook.
 */
export function trackerWorkbook(
  summary: ReadonlyArray<readonly [string, string | number | null]>,
  batches: AsyncIterable<Array<{ cells: TrackerRow; status: RequestStatus }>>,
): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })

  async function write() {
    const summarySheet = workbook.addWorksheet('Summary')
    summarySheet.columns = [{ width: 26 }, { width: 48 }]
    for (const [label, value] of summary) {
      const row = summarySheet.addRow([label, value])
      row.getCell(1).font = { bold: true }
      row.commit()
    }
    summarySheet.commit()

    const sheet = workbook.addWorksheet('Requests', {
      views: [{ state: 'frozen', ySplit: 1 }],
    })
    sheet.columns = TRACKER_COLUMNS.map((column) => ({
      header: column.header,
      width: column.width,
      ...(column.kind === 'day' ? { style: { numFmt: DAY_FORMAT } } : {}),
    }))
    sheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: 1, column: TRACKER_COLUMNS.length },
    }
    const header = sheet.getRow(1)
    header.font = { bold: true }
    header.commit()
    for await (const batch of batches) {
      // The reader went away: stop reading the audit.
      if (out.destroyed) return
      for (const { cells, status } of batch) {
        const row = sheet.addRow(
          cells.map((value, i) =>
            TRACKER_COLUMNS[i]!.kind === 'day' && typeof value === 'string'
              ? excelDay(value)
              : value,
          ),
        )
        row.getCell(STATUS_COLUMN).fill = {
          type: 'pattern',
          pattern: 'solid',
          fgColor: { argb: STATUS_FILLS[status] },
        }
        row.alignment = { vertical: 'top', wrapText: true }
        row.commit()
      }
    }
    sheet.commit()
    await workbook.commit()
  }

  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

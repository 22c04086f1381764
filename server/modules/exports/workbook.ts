import { PassThrough, type Readable } from 'node:stream'
import ExcelJS from 'exceljs'

/** How a column's cells are written: days as dates, numbers as numbers; `fill` is coloured. */
export type ColumnKind = 'text' | 'number' | 'day' | 'fill'

export interface TableColumn {
  header: string
  kind: ColumnKind
  width: number
}

/** A row's cells in its columns' order (days as YYYY-MM-DD), and the colour of its `fill` cell. */
export interface TableRow {
  cells: Array<string | number | null>
  fill?: string
}

const DAY_FORMAT = 'yyyy-mm-dd'

/** A day (YYYY-MM-DD) as the date Excel shows for it, whatever the reader's time zone. */
const excelDay = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * A table as an .xlsx workbook, streamed as it is written (ExcelJS's streaming writer: each row
 * leaves memory once committed): a Summary sheet, then the table's sheet with a frozen header row,
 * filters on every column, dates as dates and the `fill` column coloured. `batches` is read as the
 * stream is; its end (or the reader going away) ends the workbook.
 */
export function tableWorkbook(
  summary: ReadonlyArray<readonly [string, string | number | null]>,
  table: { name: string; columns: readonly TableColumn[] },
  batches: AsyncIterable<TableRow[]>,
): Readable {
  const { columns } = table
  const fillColumn = columns.findIndex((column) => column.kind === 'fill') + 1
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

    const sheet = workbook.addWorksheet(table.name, {
      views: [{ state: 'frozen', ySplit: 1 }],
    })
    sheet.columns = columns.map((column) => ({
      header: column.header,
      width: column.width,
      ...(column.kind === 'day' ? { style: { numFmt: DAY_FORMAT } } : {}),
    }))
    sheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: 1, column: columns.length },
    }
    const header = sheet.getRow(1)
    header.font = { bold: true }
    header.commit()
    for await (const batch of batches) {
      // The reader went away: stop reading the audit.
      if (out.destroyed) return
      for (const { cells, fill } of batch) {
        const row = sheet.addRow(
          cells.map((value, i) =>
            columns[i]!.kind === 'day' && typeof value === 'string' ? excelDay(value) : value,
          ),
        )
        if (fill && fillColumn > 0)
          row.getCell(fillColumn).fill = {
            type: 'pattern',
            pattern: 'solid',
            fgColor: { argb: fill },
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

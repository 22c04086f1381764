import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { readSheetInThread } from './sheet-thread'

async function workbook() {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Notes').addRow(['Prepared by', 'Jane'])
  const requests = book.addWorksheet('Requests')
  requests.addRow(['Number', 'Title', 'Due date', 'Requires document'])
  requests.addRow([1, 'Bank statements', new Date(Date.UTC(2027, 2, 31)), true])
  requests.addRow([2, { richText: [{ text: 'Fixed ' }, { text: 'assets' }] }, null, false])
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('sheets read in a worker thread', () => {
  it('gives the sheet naming the most fields, its rows as the sheet shows them, days as dates', async () => {
    const read = await readSheetInThread(await workbook(), 'tracker.xlsx')
    expect(read.sheets).toEqual(['Notes', 'Requests'])
    expect(read.sheet).toBe('Requests')
    expect(read.rows).toEqual([
      { row: 1, cells: ['Number', 'Title', 'Due date', 'Requires document'] },
      { row: 2, cells: [1, 'Bank statements', new Date(Date.UTC(2027, 2, 31)), true] },
      { row: 3, cells: [2, 'Fixed assets', null, false] },
    ])
    expect(read.rows[1]!.cells[2]).toBeInstanceOf(Date)
  })

  it('a refusal in the thread is the same error here', async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])
    await expect(readSheetInThread(xls, 'old.xls')).rejects.toMatchObject({
      statusCode: 415,
      message: expect.stringContaining('older Excel workbook (.xls)'),
    })
    await expect(
      readSheetInThread(await workbook(), 'tracker.xlsx', 'Budget'),
    ).rejects.toMatchObject({ statusCode: 400, message: 'This file has no sheet named Budget' })
  })

  it('a file the thread cannot read in time is refused with 413, and the next one is read', async () => {
    const data = await workbook()
    const late = readSheetInThread(data, 'tracker.xlsx', undefined, { timeoutMs: 1 })
    const next = readSheetInThread(data, 'tracker.xlsx')
    await expect(late).rejects.toMatchObject({
      statusCode: 413,
      message:
        'This file takes too long or too much memory to read: keep only the sheet of requests and import that',
    })
    expect((await next).sheet).toBe('Requests')
  })
})

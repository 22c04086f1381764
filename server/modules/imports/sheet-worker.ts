import { AppError } from '../../lib/errors'
import { serveJobs } from '../../lib/worker-thread'
import { chosenSheet } from './import-rows'
import { readSheetFile } from './read-sheet'
import type { SheetJob, SheetReply } from './sheet-thread'

// The sheet-reading thread (started by ./sheet-thread.ts): reads each file it is sent and answers
// with the chosen sheet's rows, or with the refusal the caller turns back into its AppError.
serveJobs<SheetJob, SheetReply>(async ({ bytes, fileName, sheet }) => {
  try {
    const file = await readSheetFile(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      fileName,
    )
    const chosen = chosenSheet(file, sheet)
    return { sheets: file.sheets, sheet: chosen, rows: file.rowsOf(chosen) }
  } catch (error) {
    if (error instanceof AppError)
      return {
        refused: {
          code: error.code,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        },
      }
    return { unexpected: error instanceof Error ? error.message : String(error) }
  }
})

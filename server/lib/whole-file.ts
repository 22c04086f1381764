import { randomBytes } from 'node:crypto'
import { link, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Writes a file whole or not at all: to a temporary name in the same folder, then renamed into
 * place, so that a full disk or a crash never leaves a cut or empty file under the real name; the
 * temporary file goes on failure. `exclusive`: an existing file is kept (EEXIST), as with `wx`.
 */
export async function writeWholeFile(
  file: string,
  data: string | Buffer,
  { exclusive = false }: { exclusive?: boolean } = {},
) {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
  )
  try {
    await writeFile(temp, data, { flag: 'wx' })
    if (exclusive) await link(temp, file)
    else await rename(temp, file)
  } finally {
    await rm(temp, { force: true })
  }
}

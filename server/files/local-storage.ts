import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { writeWholeFile } from '../lib/whole-file'
import {
  assertStorageKey,
  checkedUpload,
  isStorageKey,
  MissingFileError,
  newStorageKey,
  OWNER_MARKER,
  type FileStorage,
} from './storage'

const PART = /^[0-9a-f]{48}\.part$/

/** Files under `dir` with random names; a temporary name until the upload is complete and accepted. */
export async function localStorage(dir: string): Promise<FileStorage> {
  await mkdir(dir, { recursive: true })
  const pathOf = (key: string) => {
    assertStorageKey(key)
    return path.join(dir, key)
  }
  return {
    async put(stream, options) {
      const key = newStorageKey()
      const temp = path.join(dir, `${key}.part`)
      const upload = checkedUpload(stream, options)
      const sink = createWriteStream(temp, { flags: 'wx' })
      try {
        await pipeline(Readable.from(upload.chunks()), sink)
        await rename(temp, pathOf(key))
        return upload.stored(key)
      } catch (error) {
        // A refusal on the first chunk can come before the file is even open: wait for the sink to
        // open and close, or the file would appear after its removal.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined)
        await rm(temp, { force: true })
        throw upload.refusal() ?? error
      }
    },
    async open(key) {
      try {
        return (await open(pathOf(key), 'r')).createReadStream()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingFileError(key)
        throw error
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })))
    },
    async claim(owner) {
      const marker = path.join(dir, OWNER_MARKER)
      try {
        // Whole or not at all: an empty marker, left by a full disk, would claim it for nobody.
        await writeWholeFile(marker, owner, { exclusive: true })
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        return (await readFile(marker, 'utf8')).trim() === owner
      }
    },
    async removeAbandoned(before, referenced) {
      const stale: string[] = []
      for (const name of await readdir(dir)) {
        if (!isStorageKey(name) && !PART.test(name)) continue
        const stats = await stat(path.join(dir, name)).catch(() => undefined)
        if (stats && stats.mtime < before) stale.push(name)
      }
      const partials = stale.filter((name) => PART.test(name))
      const stored = stale.filter(isStorageKey)
      const kept = stored.length > 0 ? await referenced(stored) : new Set<string>()
      const abandoned = [...partials, ...stored.filter((key) => !kept.has(key))]
      await Promise.all(abandoned.map((name) => rm(path.join(dir, name), { force: true })))
      return abandoned.length
    },
    close() {},
  }
}

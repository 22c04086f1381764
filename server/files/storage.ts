import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { uploadRefusals } from '@shared/uploads'
import { AppError } from '../lib/errors'

export interface StoredFile {
  key: string
  size: number
  sha256: string
  /** What the inspector made of the bytes. */
  contentType: string
}

/**
 * Judges one upload's bytes as they pass, chunk by chunk: every byte of the stream goes through
 * it, and none needs to be kept. A backend calls it the same way whatever it writes to.
 */
export interface UploadInspector {
  /** Sees each chunk, in order; throws (an AppError) as soon as the bytes are refused. */
  update(chunk: Buffer): void
  /** After the last chunk: the content type, or throws when the file is refused. */
  finish(): string
}

/** Where file bytes live: local disk now, an S3-compatible backend later. */
export interface FileStorage {
  /**
   * Stores the stream under a generated key while hashing, counting and inspecting it. Over
   * `maxBytes`: 413; refused by the inspector: its error. Either way nothing is kept.
   */
  put(
    stream: Readable,
    options: { maxBytes: number; inspector: UploadInspector },
  ): Promise<StoredFile>
  /**
   * The stored bytes. The file is opened before this resolves, so that a missing one rejects with
   * MissingFileError before the caller has sent anything.
   */
  open(key: string): Promise<Readable>
  /** Deletes the files; a missing one is not an error. */
  delete(keys: string[]): Promise<void>
  /**
   * Whether this storage holds `owner`'s files: it is claimed for `owner` when nobody has claimed
   * it yet. Files of a storage that another database owns must not be judged by this one's rows.
   */
  claim(owner: string): Promise<boolean>
  /**
   * Deletes what a crash can leave behind, last written before `before`: unfinished uploads, and
   * stored files whose key `referenced` does not return (the process died before recording them).
   * Returns how many it deleted.
   */
  removeAbandoned(
    before: Date,
    referenced: (keys: string[]) => Promise<Set<string>>,
  ): Promise<number>
}

/** The bytes of a recorded file are gone (deleted or lost behind the app's back). */
export class MissingFileError extends Error {
  constructor(readonly key: string) {
    super(`Stored file ${key} is missing`)
  }
}

const KEY = /^[0-9a-f]{48}$/
const PART = /^[0-9a-f]{48}\.part$/
/** Names the database whose rows describe these files. */
const OWNER_FILE = '.owner'

/** Files under `dir` with random names; a temporary name until the upload is complete and accepted. */
export async function localStorage(dir: string): Promise<FileStorage> {
  await mkdir(dir, { recursive: true })
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('Invalid storage key')
    return path.join(dir, key)
  }
  return {
    async put(stream, { maxBytes, inspector }) {
      const key = randomBytes(24).toString('hex')
      const temp = path.join(dir, `${key}.part`)
      const hash = createHash('sha256')
      const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', uploadRefusals.tooLarge(maxBytes))
      let size = 0
      // Ours, kept apart: the pipeline may reject with the source's own error once it is torn down.
      let refusal: unknown
      const sink = createWriteStream(temp, { flags: 'wx' })
      try {
        await pipeline(
          stream,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length
              if (size > maxBytes) throw (refusal = tooLarge())
              try {
                inspector.update(chunk)
              } catch (error) {
                throw (refusal = error)
              }
              hash.update(chunk)
              yield chunk
            }
          },
          sink,
        )
        // @fastify/multipart truncates at its own limit instead of failing: treat it as too large.
        if ((stream as { truncated?: boolean }).truncated) throw tooLarge()
        const contentType = inspector.finish()
        await rename(temp, pathOf(key))
        return { key, size, sha256: hash.digest('hex'), contentType }
      } catch (error) {
        // A refusal on the first chunk can come before the file is even open: wait for the sink to
        // open and close, or the file would appear after its removal.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined)
        await rm(temp, { force: true })
        throw refusal ?? error
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
      const marker = path.join(dir, OWNER_FILE)
      try {
        await writeFile(marker, owner, { flag: 'wx' })
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        return (await readFile(marker, 'utf8')).trim() === owner
      }
    },
    async removeAbandoned(before, referenced) {
      const stale: string[] = []
      for (const name of await readdir(dir)) {
        if (!KEY.test(name) && !PART.test(name)) continue
        const stats = await stat(path.join(dir, name)).catch(() => undefined)
        if (stats && stats.mtime < before) stale.push(name)
      }
      const partials = stale.filter((name) => PART.test(name))
      const stored = stale.filter((name) => KEY.test(name))
      const kept = stored.length > 0 ? await referenced(stored) : new Set<string>()
      const abandoned = [...partials, ...stored.filter((key) => !kept.has(key))]
      await Promise.all(abandoned.map((name) => rm(path.join(dir, name), { force: true })))
      return abandoned.length
    },
  }
}

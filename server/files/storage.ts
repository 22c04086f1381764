import { createHash, randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
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

/** Where file bytes live: local disk (local-storage.ts) or an S3-compatible bucket (s3-storage.ts). */
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
  /** Lets go of connections; the storage is not used after. */
  close(): void
}

/** The bytes of a recorded file are gone (deleted or lost behind the app's back). */
export class MissingFileError extends Error {
  constructor(readonly key: string) {
    super(`Stored file ${key} is missing`)
  }
}

/** The storage could not be used at start-up: the message says what to check. */
export class StorageUnavailableError extends Error {}

const KEY = /^[0-9a-f]{48}$/

/** A new random key: 48 hex characters, the only names a backend stores files under. */
export const newStorageKey = () => randomBytes(24).toString('hex')

export const isStorageKey = (name: string) => KEY.test(name)

export function assertStorageKey(key: string) {
  if (!KEY.test(key)) throw new Error('Invalid storage key')
}

/** Names the database whose rows describe a storage's files (see FileStorage.claim). */
export const OWNER_MARKER = '.owner'

/**
 * The checks every backend applies to an upload as it flows, in one place: `chunks()` yields the
 * stream's bytes while counting, inspecting and hashing them, and throws before its end when the
 * file is refused (over `maxBytes`, refused by the inspector, truncated by @fastify/multipart), so
 * that a backend keeps the bytes only once the generator has ended. `refusal()` is ours, kept
 * apart: a torn-down pipeline may reject with the source's own error instead.
 */
export function checkedUpload(
  stream: Readable,
  { maxBytes, inspector }: { maxBytes: number; inspector: UploadInspector },
) {
  const hash = createHash('sha256')
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', uploadRefusals.tooLarge(maxBytes))
  let size = 0
  let contentType: string | undefined
  let refusal: unknown
  const refuse = (error: unknown) => {
    refusal = error
    return error
  }
  return {
    async *chunks(): AsyncGenerator<Buffer> {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > maxBytes) throw refuse(tooLarge())
        try {
          inspector.update(chunk)
        } catch (error) {
          throw refuse(error)
        }
        hash.update(chunk)
        yield chunk
      }
      // @fastify/multipart truncates at its own limit instead of failing: treat it as too large.
      if ((stream as { truncated?: boolean }).truncated) throw refuse(tooLarge())
      try {
        contentType = inspector.finish()
      } catch (error) {
        throw refuse(error)
      }
    },
    refusal: () => refusal,
    /** Once `chunks()` has ended. */
    stored(key: string): StoredFile {
      if (contentType === undefined) throw new Error('The upload has not been read to its end')
      return { key, size, sha256: hash.digest('hex'), contentType }
    },
  }
}

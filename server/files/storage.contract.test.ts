import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { compoundFile } from '../test/office-files'
import { setProcessEnv } from '../test/process-env'
import { startS3Server } from '../test/s3-server'
import { inspectUpload } from './file-types'
import { openStorage } from './open-storage'
import { MissingFileError, StorageUnavailableError, type FileStorage } from './storage'

const MB = 1024 * 1024

interface Backend {
  storage: FileStorage
  /** Every name the backend holds, but the owner marker. */
  held(): Promise<string[]>
  close(): Promise<void>
}

/** STORAGE_URL unset: the files folder of DATA_DIR. */
async function localBackend(): Promise<Backend> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-contract-'))
  const storage = await openStorage(loadConfig({ DATA_DIR: dataDir }).storage.location)
  const dir = path.join(dataDir, 'files')
  return {
    storage,
    held: async () => (await readdir(dir)).filter((name) => name !== '.owner'),
    async close() {
      storage.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** STORAGE_URL=s3://BUCKET/PREFIX on an s3rver; the SDK reads the AWS_* variables itself. */
async function s3Backend(): Promise<Backend> {
  const s3 = await startS3Server({ prefix: 'tenant-files' })
  const restoreEnv = setProcessEnv(s3.env)
  const storage = await openStorage(loadConfig(s3.env).storage.location)
  const client = new S3Client({ forcePathStyle: true })
  return {
    storage,
    async held() {
      const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
      return Contents.map((object) => object.Key!).filter((key) => !key.endsWith('/.owner'))
    },
    async close() {
      storage.close()
      client.destroy()
      await s3.stop()
      restoreEnv()
    },
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

/** The bytes in chunks of 64 KB, as a request body arrives. */
const streamOf = (data: Buffer) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    ),
  )

/** Text, so that the inspector accepts it whatever its length. */
const textOf = (bytes: number) => Buffer.from(randomBytes(bytes / 2).toString('hex'))

describe.each([
  ['local disk', localBackend],
  ['S3', s3Backend],
])('file storage contract: %s', (_name, start) => {
  let backend: Backend
  let storage: FileStorage
  beforeAll(async () => {
    backend = await start()
    storage = backend.storage
  })
  afterAll(async () => backend?.close())

  const put = (data: Buffer, maxBytes = 20 * MB, fileName = 'notes.txt') =>
    storage.put(streamOf(data), { maxBytes, inspector: inspectUpload(fileName) })

  it('stores a 12 MB file (several S3 parts) with its sha256 and size; it reads back byte for byte', async () => {
    const data = textOf(12 * MB)
    const stored = await put(data)
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{48}$/),
      size: data.length,
      sha256: sha256(data),
      contentType: 'text/plain',
    })
    expect(await backend.held()).toContainEqual(expect.stringContaining(stored.key))
    expect((await buffer(await storage.open(stored.key))).equals(data)).toBe(true)
    await storage.delete([stored.key])
  })

  it('a file over the cap is refused mid-stream with 413 and nothing is left', async () => {
    const before = await backend.held()
    const source = streamOf(textOf(8 * MB))
    await expect(
      storage.put(source, { maxBytes: 6 * MB, inspector: inspectUpload('big.txt') }),
    ).rejects.toMatchObject({ statusCode: 413, message: expect.stringMatching(/6 MB/) })
    expect(source.destroyed).toBe(true)
    expect(await backend.held()).toEqual(before)
  })

  it('refused by its first bytes (a web page named .pdf): 415, nothing stored', async () => {
    const before = await backend.held()
    const page = Buffer.from(`<!DOCTYPE html><html><body>${'x'.repeat(4000)}</body></html>`)
    await expect(put(page, 20 * MB, 'invoice.pdf')).rejects.toMatchObject({ statusCode: 415 })
    expect(await backend.held()).toEqual(before)
  })

  it('refused by a macro far into a 6 MB file (after the first S3 part): 415, nothing stored', async () => {
    const before = await backend.held()
    const ole = compoundFile(['Root Entry', 'VBA', '_VBA_PROJECT'], 6 * MB)
    await expect(put(ole, 20 * MB, 'report.doc')).rejects.toMatchObject({ statusCode: 415 })
    expect(await backend.held()).toEqual(before)
  })

  it('an empty file is judged at its end like any other (415 here), nothing stored', async () => {
    const before = await backend.held()
    await expect(put(Buffer.alloc(0), 20 * MB, 'empty.bin')).rejects.toMatchObject({
      statusCode: 415,
    })
    expect(await backend.held()).toEqual(before)
  })

  it('delete removes the files named; a missing one is not an error', async () => {
    const gone = await put(textOf(1000))
    const kept = await put(textOf(1000))
    await storage.delete([gone.key, 'f'.repeat(48)])
    await expect(storage.open(gone.key)).rejects.toBeInstanceOf(MissingFileError)
    expect((await buffer(await storage.open(kept.key))).length).toBe(1000)
    await storage.delete([kept.key])
    await expect(storage.open(kept.key)).rejects.toBeInstanceOf(MissingFileError)
  })

  it('opening a missing file rejects with MissingFileError; a key that is not ours is refused', async () => {
    await expect(storage.open('0'.repeat(48))).rejects.toBeInstanceOf(MissingFileError)
    await expect(storage.open('../config')).rejects.toThrow('Invalid storage key')
    await expect(storage.delete(['a/b'])).rejects.toThrow('Invalid storage key')
  })

  it('is claimed by the first owner only', async () => {
    expect(await storage.claim('database-a')).toBe(true)
    expect(await storage.claim('database-a')).toBe(true)
    expect(await storage.claim('database-b')).toBe(false)
  })

  it('removes crash leftovers older than the limit that no row references, and only those', async () => {
    const recorded = await put(textOf(2000))
    const orphan = await put(textOf(2000))
    const referenced = async (keys: string[]) => new Set(keys.filter((key) => key === recorded.key))

    // Written after the limit: left alone whatever the rows say.
    expect(await storage.removeAbandoned(new Date(Date.now() - 60_000), referenced)).toBe(0)
    expect(await backend.held()).toHaveLength(2)

    expect(await storage.removeAbandoned(new Date(Date.now() + 60_000), referenced)).toBe(1)
    await expect(storage.open(orphan.key)).rejects.toBeInstanceOf(MissingFileError)
    expect((await buffer(await storage.open(recorded.key))).length).toBe(2000)
    // The owner marker is no leftover.
    expect(await storage.claim('database-a')).toBe(true)
    await storage.delete([recorded.key])
  })
})

describe('S3 at start-up', () => {
  it('a bucket that cannot be reached stops the start with what to check', async () => {
    const s3 = await startS3Server()
    const restoreEnv = setProcessEnv(s3.env)
    try {
      const missing = loadConfig({ ...s3.env, STORAGE_URL: 's3://no-such-bucket' })
      await expect(openStorage(missing.storage.location)).rejects.toThrow(
        new StorageUnavailableError(
          'STORAGE_URL: the S3 bucket "no-such-bucket" cannot be reached (no such bucket); check the bucket name, AWS_ENDPOINT_URL_S3, AWS_REGION, the credentials and S3_FORCE_PATH_STYLE',
        ),
      )
      await s3.stop()
      // The server is gone now: nothing answers at its address.
      await expect(openStorage(loadConfig(s3.env).storage.location)).rejects.toThrow(
        /^STORAGE_URL: the S3 bucket "test-[0-9a-f]+" cannot be reached \(.*ECONNREFUSED/,
      )
    } finally {
      await s3.stop()
      restoreEnv()
    }
  })
})

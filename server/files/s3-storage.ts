import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { StorageLocation } from '../config'
import {
  assertStorageKey,
  checkedUpload,
  isStorageKey,
  MissingFileError,
  newStorageKey,
  OWNER_MARKER,
  StorageUnavailableError,
  type FileStorage,
} from './storage'

type S3Location = Omit<Extract<StorageLocation, { kind: 's3' }>, 'kind'>

const PAGE = 1000

function errorName(error: unknown) {
  return (error as { name?: string }).name ?? ''
}

function httpStatus(error: unknown) {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
}

/** What went wrong, in words an operator can act on. */
function describe(error: unknown) {
  const status = httpStatus(error)
  if (status === 404) return 'no such bucket'
  if (status === 403) return 'access denied to these credentials'
  if (status === 301 || status === 400)
    return `HTTP ${status}: another region or addressing style (AWS_REGION, S3_FORCE_PATH_STYLE)?`
  const message = error instanceof Error ? error.message : String(error)
  return [errorName(error), status && `HTTP ${status}`, message]
    .filter((part, index, parts) => part && parts.indexOf(part) === index)
    .join(': ')
}

/**
 * Objects `PREFIX<key>` in one bucket. An object appears only once its upload is complete and
 * accepted (a single PUT, or a multipart upload completed after the last byte was checked); a
 * refused one is aborted, parts and all. The client reads its endpoint, region and credentials
 * from the SDK's own environment variables (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID…).
 */
export async function s3Storage({
  bucket,
  prefix,
  forcePathStyle,
}: S3Location): Promise<FileStorage> {
  const client = new S3Client({ forcePathStyle })
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }))
  } catch (error) {
    client.destroy()
    throw new StorageUnavailableError(
      `STORAGE_URL: the S3 bucket "${bucket}" cannot be reached (${describe(error)}); check the bucket name, AWS_ENDPOINT_URL_S3, AWS_REGION, the credentials and S3_FORCE_PATH_STYLE`,
    )
  }
  const objectKey = (key: string) => {
    assertStorageKey(key)
    return `${prefix}${key}`
  }
  const storageKeyOf = (objectName: string | undefined) => {
    const name = objectName?.startsWith(prefix) ? objectName.slice(prefix.length) : ''
    return isStorageKey(name) ? name : undefined
  }
  const markerKey = `${prefix}${OWNER_MARKER}`

  async function deleteObjects(keys: string[]) {
    for (let start = 0; start < keys.length; start += PAGE) {
      const { Errors } = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.slice(start, start + PAGE).map((Key) => ({ Key })), Quiet: true },
        }),
      )
      const failed = Errors?.find((error) => error.Code !== 'NoSuchKey')
      if (failed)
        throw new Error(`Could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`)
    }
  }

  async function readOwner() {
    try {
      const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: markerKey }))
      return (await Body!.transformToString()).trim()
    } catch (error) {
      if (errorName(error) === 'NoSuchKey' || httpStatus(error) === 404) return undefined
      throw error
    }
  }

  /** Multipart uploads a crash left unfinished: invisible in listings, yet billed. */
  async function abortStaleUploads(before: Date) {
    let aborted = 0
    let KeyMarker: string | undefined
    let UploadIdMarker: string | undefined
    do {
      let page
      try {
        page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            Prefix: prefix,
            KeyMarker,
            UploadIdMarker,
          }),
        )
      } catch (error) {
        // Some S3-compatible servers (s3rver among them) cannot list uploads.
        if (errorName(error) === 'NotImplemented') return aborted
        throw error
      }
      for (const upload of page.Uploads ?? []) {
        if (!storageKeyOf(upload.Key) || !upload.Initiated || upload.Initiated >= before) continue
        await client.send(
          new AbortMultipartUploadCommand({
            Bucket: bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        )
        aborted += 1
      }
      ;({ NextKeyMarker: KeyMarker, NextUploadIdMarker: UploadIdMarker } = page)
      if (!page.IsTruncated) break
    } while (KeyMarker)
    return aborted
  }

  return {
    async put(stream, options) {
      const key = newStorageKey()
      const upload = checkedUpload(stream, options)
      const body = Readable.from(upload.chunks())
      try {
        await new Upload({
          client,
          params: { Bucket: bucket, Key: objectKey(key), Body: body },
          // Parts of 5 MB, two in flight: the memory one upload may hold.
          queueSize: 2,
        }).done()
        return upload.stored(key)
      } catch (error) {
        // The Upload stops reading at its first failure: let go of the client's stream too.
        body.destroy()
        throw upload.refusal() ?? error
      }
    },
    async open(key) {
      try {
        const { Body } = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        )
        return Body as Readable
      } catch (error) {
        if (errorName(error) === 'NoSuchKey' || httpStatus(error) === 404)
          throw new MissingFileError(key)
        throw error
      }
    },
    async delete(keys) {
      await deleteObjects(keys.map(objectKey))
    },
    async claim(owner) {
      const current = await readOwner()
      if (current !== undefined) return current === owner
      try {
        // Where the service honours If-None-Match, the first of two racing claims wins outright.
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: markerKey, Body: owner, IfNoneMatch: '*' }),
        )
      } catch (error) {
        if (httpStatus(error) !== 412 && httpStatus(error) !== 409) throw error
      }
      return (await readOwner()) === owner
    },
    async removeAbandoned(before, referenced) {
      let removed = await abortStaleUploads(before)
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        )
        const stale = (page.Contents ?? [])
          .filter((object) => object.LastModified && object.LastModified < before)
          .map((object) => storageKeyOf(object.Key))
          .filter((key) => key !== undefined)
        if (stale.length > 0) {
          const kept = await referenced(stale)
          const abandoned = stale.filter((key) => !kept.has(key))
          await deleteObjects(abandoned.map(objectKey))
          removed += abandoned.length
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return removed
    },
    close() {
      client.destroy()
    },
  }
}

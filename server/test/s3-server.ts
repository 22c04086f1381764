import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export interface S3Server {
  endpoint: string
  bucket: string
  /** What an app process needs to store its files in this server's bucket. */
  env: Record<string, string>
  /** The bucket's object names, as a test sees them behind the app's back. */
  objects(): Promise<string[]>
  /** Deletes an object behind the app's back. */
  remove(name: string): Promise<void>
  stop(): Promise<void>
}

/**
 * An S3 server (s3rver) on a free port of 127.0.0.1, with one new bucket, on a folder of its own
 * that stop() removes. Its keys are s3rver's defaults (S3RVER/S3RVER).
 */
export async function startS3Server(options: { prefix?: string } = {}): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-s3-'))
  const bucket = `test-${randomBytes(6).toString('hex')}`
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  let stopped = false
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  })
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}${options.prefix ? `/${options.prefix}` : ''}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async objects() {
      const names: string[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }),
        )
        names.push(...(page.Contents ?? []).map((object) => object.Key!))
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return names
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }))
    },
    async stop() {
      if (stopped) return
      stopped = true
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

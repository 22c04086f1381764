// s3rver 3 ships no types: what server/test/s3-server.ts uses of it.
declare module 's3rver' {
  import type { Server } from 'node:http'

  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
    httpServer?: Server
  }
}

import type { StorageLocation } from '../config'
import { localStorage } from './local-storage'
import type { FileStorage } from './storage'

/** The storage STORAGE_URL names; the AWS SDK is loaded only when it names a bucket. */
export async function openStorage(location: StorageLocation): Promise<FileStorage> {
  if (location.kind === 'local') return localStorage(location.dir)
  const { s3Storage } = await import('./s3-storage')
  return s3Storage(location)
}

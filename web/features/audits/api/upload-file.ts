import { filesApi } from '@shared/api/requests'
import type { RequestFile } from '@shared/schemas/requests'
import { upload, type UploadProgress } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  requestId: string
  file: File
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

/** One file to the version of the request being prepared, with its progress. */
export const uploadFile = ({ requestId, file, onProgress, signal }: Variables) =>
  upload(filesApi.upload, { params: { id: requestId } }, file, { onProgress, signal })

export const useUploadFile = (options?: MutationOptions<RequestFile[], Variables>) =>
  useApiMutation(uploadFile, { invalidates: requestChanges }, options)

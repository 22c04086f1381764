import { filesApi } from '@shared/api/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

export const deleteFile = (id: string) => call(filesApi.remove, { params: { id } })

export const useDeleteFile = (options?: MutationOptions<void, string>) =>
  useApiMutation(deleteFile, { invalidates: requestChanges }, options)

import { preparedFilesApi } from '@shared/api/prepared-files'
import type { PrepareFileInput, PreparedFile } from '@shared/schemas/prepared-files'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

/** Asks for a file to be prepared in the background; the asker is notified when it is ready. */
export const prepareFile = (body: PrepareFileInput) => call(preparedFilesApi.prepare, { body })

// Nothing cached changes: the bell hears of the file when it is ready (live updates).
export const usePrepareFile = (options?: MutationOptions<PreparedFile, PrepareFileInput>) =>
  useApiMutation(prepareFile, {}, options)

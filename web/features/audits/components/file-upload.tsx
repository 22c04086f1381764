import type { RequestDetail } from '@shared/schemas/requests'
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '@/lib/queries/auth'
import { useUploadQueue } from '../hooks/use-upload-queue'
import { preparedFiles } from '../lib/prepared-files'
import { AttachedFiles } from './attached-files'
import { UploadDropzone } from './upload-dropzone'
import { UploadQueue } from './upload-queue'

/**
 * The client user's upload area: drop or choose files, follow each upload, and see the files
 * attached to the answer being prepared.
 */
export function FileUpload({ request }: { request: RequestDetail }) {
  const config = useQuery(authQueries.publicConfig())
  const files = preparedFiles(request)
  const queue = useUploadQueue(request.id, {
    limits: config.data?.uploads,
    attached: files.length,
  })

  return (
    <div className="grid gap-3">
      <UploadDropzone maxFileBytes={config.data?.uploads.maxFileBytes} onFiles={queue.start} />
      <UploadQueue uploads={queue.uploads} onDismiss={queue.dismiss} />
      <AttachedFiles files={files} />
    </div>
  )
}

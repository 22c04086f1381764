import { formatSize } from '@shared/format'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { QueuedUpload } from '../hooks/use-upload-queue'

/** The files on their way, each with its progress bar or its refusal (dismissable). */
export function UploadQueue({
  uploads,
  onDismiss,
}: {
  uploads: QueuedUpload[]
  onDismiss: (key: number) => void
}) {
  if (uploads.length === 0) return null
  return (
    <ul className="grid gap-2" aria-label="Uploads">
      {uploads.map((upload) => (
        <UploadRow key={upload.key} upload={upload} onDismiss={() => onDismiss(upload.key)} />
      ))}
    </ul>
  )
}

function UploadRow({ upload, onDismiss }: { upload: QueuedUpload; onDismiss: () => void }) {
  const percent =
    upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0
  return (
    <li className="grid gap-1.5 rounded-md border px-3 py-2 text-sm">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 font-medium break-all">{upload.name}</span>
        {upload.error ? (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Dismiss ${upload.name}`}
            onClick={onDismiss}
          >
            <X aria-hidden="true" />
          </Button>
        ) : (
          <span className="text-muted-foreground tabular-nums">
            {formatSize(upload.loaded)} of {formatSize(upload.total)}
          </span>
        )}
      </div>
      {upload.error ? (
        <p role="alert" className="font-medium text-destructive">
          {upload.name}: {upload.error}
        </p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Uploading ${upload.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="h-2 w-full overflow-hidden rounded-full border border-muted-foreground/50 bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
      )}
    </li>
  )
}

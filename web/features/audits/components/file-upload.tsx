import type { RequestDetail, RequestFile } from '@shared/schemas/requests'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircle, Trash2, Upload, X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api'
import { authQueries } from '@/lib/queries/auth'
import { toastFailure } from '@/lib/mutation-feedback'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { useDeleteFile } from '../api/delete-file'
import { invalidateRequests } from '../api/invalidate'
import { uploadFile } from '../api/upload-file'
import { formatFileSize } from '../lib/format-size'
import { FileList } from './file-list'

interface Upload {
  key: number
  name: string
  loaded: number
  total: number
  error?: string
}

/** The files of the version being prepared (uploaded, not submitted yet), if any. */
export function preparedFiles(request: RequestDetail): RequestFile[] {
  const latest = request.versions.at(-1)
  return latest && latest.submittedAt === null ? latest.files : []
}

/**
 * The client user's upload area: drop files or choose them; each file is its own upload with its
 * own progress bar and, when the server refuses it, its own message. Below: the files attached to
 * the answer being prepared, with Remove for one's own.
 */
export function FileUpload({ request }: { request: RequestDetail }) {
  const queryClient = useQueryClient()
  const user = useSession()
  const deleteFile = useDeleteFile()
  const config = useQuery(authQueries.publicConfig())
  const [uploads, setUploads] = useState<Upload[]>([])
  const [dragging, setDragging] = useState(false)
  const [removing, setRemoving] = useState<string>()
  const nextKey = useRef(0)
  const id = useId()
  const files = preparedFiles(request)

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    )

  const start = (chosen: File[]) => {
    // Said before sending, in the server's words; the server checks again regardless.
    const limits = config.data?.uploads
    let room = limits
      ? limits.maxFilesPerRequest - files.length - uploads.filter((u) => !u.error).length
      : Infinity
    for (const file of chosen) {
      nextKey.current += 1
      const key = nextKey.current
      const refusal = !limits
        ? undefined
        : file.size > limits.maxFileBytes
          ? `Files may be at most ${formatFileSize(limits.maxFileBytes)}`
          : room <= 0
            ? `A version can hold at most ${limits.maxFilesPerRequest} files: remove some first`
            : undefined
      setUploads((current) => [
        ...current,
        { key, name: file.name, loaded: 0, total: file.size, error: refusal },
      ])
      if (refusal) continue
      room -= 1
      uploadFile(request.id, file, {
        onProgress: ({ loaded, total }) => update(key, { loaded, total }),
      }).then(
        async () => {
          await invalidateRequests(queryClient)
          setUploads((current) => current.filter((upload) => upload.key !== key))
        },
        (failure: unknown) =>
          update(key, {
            error: errorMessage(failure, 'The upload failed. Please try again.'),
          }),
      )
    }
  }

  const onRemove = (file: RequestFile) => {
    setRemoving(file.id)
    deleteFile.mutateAsync(file.id).then(
      () => {
        setRemoving(undefined)
        toast({ title: 'File removed', description: file.fileName })
      },
      (failure: unknown) => {
        setRemoving(undefined)
        toastFailure('Failed to remove the file', failure)
      },
    )
  }

  return (
    <div className="grid gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault()
          event.dataTransfer.dropEffect = 'copy'
          setDragging(true)
        }}
        onDragLeave={(event) => {
          // Moving over the zone's own children is not leaving it.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          start(Array.from(event.dataTransfer.files))
        }}
        className={cn(
          'grid justify-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
          dragging ? 'border-primary bg-accent' : 'border-input',
        )}
      >
        <Upload aria-hidden="true" className="size-5 text-muted-foreground" />
        <p id={`${id}-hint`} className="text-muted-foreground">
          Drag and drop files here, or choose them. PDF, images, office documents, CSV, text or ZIP
          {config.data ? `, up to ${formatFileSize(config.data.uploads.maxFileBytes)} each.` : '.'}
        </p>
        <input
          id={id}
          type="file"
          multiple
          className="peer sr-only"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            start(Array.from(event.target.files ?? []))
            event.target.value = ''
          }}
        />
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:bg-accent hover:text-accent-foreground"
        >
          Choose files
        </label>
      </div>

      {uploads.length > 0 ? (
        <ul className="grid gap-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <UploadRow
              key={upload.key}
              upload={upload}
              onDismiss={() =>
                setUploads((current) => current.filter((item) => item.key !== upload.key))
              }
            />
          ))}
        </ul>
      ) : null}

      {files.length > 0 ? (
        <FileList
          files={files}
          label="Attached files"
          action={(file) =>
            file.uploadedById === user.id ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={removing === file.id}
                aria-label={`Remove ${file.fileName}`}
                onClick={() => onRemove(file)}
              >
                {removing === file.id ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <Trash2 aria-hidden="true" />
                )}
                Remove
              </Button>
            ) : null
          }
        />
      ) : (
        <p className="text-sm text-muted-foreground">No files attached yet.</p>
      )}
    </div>
  )
}

function UploadRow({ upload, onDismiss }: { upload: Upload; onDismiss: () => void }) {
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
            {formatFileSize(upload.loaded)} of {formatFileSize(upload.total)}
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

import { filesApi } from '@shared/api/requests'
import { formatSize } from '@shared/format'
import type { RequestFile } from '@shared/schemas/requests'
import { Download, FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { urlOf } from '@/lib/api'
import { formatDateTime } from '@/lib/dates'
import { FilePreview } from './file-preview'

/**
 * The files of a version: name, size, a preview (of the types a browser shows) and a download link;
 * `action` adds a control per file.
 */
export function FileList({
  files,
  label,
  action,
}: {
  files: RequestFile[]
  label: string
  action?: (file: RequestFile) => ReactNode
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {files.map((file) => (
        <li
          key={file.id}
          id={`file-${file.id}`}
          className="flex scroll-mt-20 flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm outline-none data-targeted:ring-2 data-targeted:ring-ring"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {/* On a phone the name has its line, the size and the actions the next one. */}
          <span className="min-w-0 flex-1 font-medium break-all max-sm:basis-[calc(100%-1.75rem)]">
            {file.fileName}
          </span>
          <span className="text-muted-foreground tabular-nums">{formatSize(file.sizeBytes)}</span>
          <span className="sr-only">
            uploaded by {file.uploadedBy} on {formatDateTime(file.createdAt)}
          </span>
          <FilePreview file={file} />
          <a
            href={urlOf(filesApi.download, { params: { id: file.id } })}
            download
            aria-label={`Download ${file.fileName}`}
            className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            Download
          </a>
          {action?.(file)}
        </li>
      ))}
    </ul>
  )
}

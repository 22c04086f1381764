import { filesApi } from '@shared/api/requests'
import { formatSize } from '@shared/format'
import type { RequestFile } from '@shared/schemas/requests'
import { previewKindOf, type PreviewKind } from '@shared/uploads'
import { Download, Eye, FileWarning } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage, urlOf } from '@/lib/api'
import {
  filePreviewUrl,
  TEXT_PREVIEW_BYTES,
  useFilePreviewCheck,
  useFileText,
} from '../api/get-file-preview'

const PREVIEW_FAILED = 'This preview could not be loaded. Download the file instead.'

/**
 * Preview of a file the browser can show (decision 027), in a dialog sized for reading: wide on
 * a desktop, the whole screen on a phone. Nothing for the other types: they are downloaded.
 */
export function FilePreview({ file }: { file: RequestFile }) {
  const kind = previewKindOf(file.contentType)
  const content = useRef<HTMLDivElement>(null)
  if (!kind) return null
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="link"
          className="h-auto gap-1 p-0 [&_svg]:size-4"
          aria-label={`Preview ${file.fileName}`}
        >
          <Eye aria-hidden="true" />
          Preview
        </Button>
      </DialogTrigger>
      <DialogContent
        ref={content}
        // Focus on the dialog itself, not in the document: keys pressed in a PDF viewer's frame
        // never reach the page, so Escape would not close it.
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          content.current?.focus()
        }}
        className="top-0 left-0 flex h-svh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col gap-3 overflow-hidden rounded-none border-0 p-4 sm:top-1/2 sm:left-1/2 sm:h-[calc(100svh-4rem)] sm:w-[calc(100%-4rem)] sm:max-w-6xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:border sm:p-6 outline-none"
      >
        <DialogHeader>
          <DialogTitle className="break-all">{file.fileName}</DialogTitle>
          <DialogDescription>
            {formatSize(file.sizeBytes)}, uploaded by {file.uploadedBy}
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1">
          <PreviewBody file={file} kind={kind} />
        </div>
        <DialogFooter>
          <Button asChild variant="outline">
            <a href={urlOf(filesApi.download, { params: { id: file.id } })} download>
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function PreviewBody({ file, kind }: { file: RequestFile; kind: PreviewKind }) {
  switch (kind) {
    case 'pdf':
      return <PdfPreview file={file} />
    case 'image':
      return <ImagePreview file={file} />
    case 'text':
      return <TextPreview file={file} />
  }
}

function PreviewLoading() {
  return (
    <div className="grid h-full place-items-center rounded-md bg-muted">
      <Spinner label="Loading preview..." showLabel />
    </div>
  )
}

function PreviewError({ error }: { error?: unknown }) {
  const detail = errorMessage(error, '')
  return (
    <div
      role="alert"
      className="flex h-full flex-col items-center justify-center gap-2 rounded-md border border-dashed p-6 text-center text-sm"
    >
      <FileWarning aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="font-medium">{PREVIEW_FAILED}</p>
      {detail && detail !== PREVIEW_FAILED ? (
        <p className="text-muted-foreground">{detail}</p>
      ) : null}
    </div>
  )
}

/**
 * The browser's own PDF viewer in a frame. The frame has no `sandbox` attribute: Chromium shows
 * no PDF in a sandboxed frame, whatever it allows. The answer sandboxes itself by its CSP.
 */
function PdfPreview({ file }: { file: RequestFile }) {
  const check = useFilePreviewCheck(file.id)
  const [loaded, setLoaded] = useState(false)
  if (check.isError) return <PreviewError error={check.error} />
  return (
    <div className="relative h-full">
      {check.isSuccess ? (
        <iframe
          src={filePreviewUrl(file.id)}
          title={file.fileName}
          onLoad={() => setLoaded(true)}
          className="size-full rounded-md border bg-muted"
        />
      ) : null}
      {loaded ? null : (
        <div className="absolute inset-0">
          <PreviewLoading />
        </div>
      )}
    </div>
  )
}

function ImagePreview({ file }: { file: RequestFile }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  if (state === 'failed') return <PreviewError />
  return (
    <div className="relative grid h-full place-items-center overflow-auto rounded-md bg-muted p-2">
      <img
        src={filePreviewUrl(file.id)}
        alt={file.fileName}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
        className="max-h-full max-w-full object-contain"
      />
      {state === 'loading' ? (
        <div className="absolute inset-0">
          <PreviewLoading />
        </div>
      ) : null}
    </div>
  )
}

function TextPreview({ file }: { file: RequestFile }) {
  const text = useFileText(file.id)
  if (text.isPending) return <PreviewLoading />
  if (text.isError) return <PreviewError error={text.error} />
  return (
    <div className="flex h-full flex-col gap-2">
      <div
        role="region"
        aria-label={`Contents of ${file.fileName}`}
        // Scrolled with the keyboard too.
        tabIndex={0}
        className="min-h-0 flex-1 overflow-auto rounded-md border bg-muted"
      >
        {text.data.text ? (
          <pre className="p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap">
            {text.data.text}
          </pre>
        ) : (
          <p className="p-3 text-sm text-muted-foreground">This file is empty.</p>
        )}
      </div>
      {text.data.truncated ? (
        <p className="text-sm text-muted-foreground">
          Showing the first {formatSize(TEXT_PREVIEW_BYTES)}: download the file to read all of it.
        </p>
      ) : null}
    </div>
  )
}

import { formatSize } from '@shared/format'
import { Upload } from 'lucide-react'
import { useId, useState } from 'react'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'

/** Drop files here or choose them; says the size limit once it is known. */
export function UploadDropzone({
  maxFileBytes,
  onFiles,
}: {
  maxFileBytes: number | undefined
  onFiles: (files: File[]) => void
}) {
  const [dragging, setDragging] = useState(false)
  // A finger cannot drag a file onto the page: a phone or tablet is told to tap instead.
  const touch = useMediaQuery('(pointer: coarse)')
  const id = useId()
  return (
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
        onFiles(Array.from(event.dataTransfer.files))
      }}
      className={cn(
        'grid justify-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
        dragging ? 'border-primary bg-accent' : 'border-input',
      )}
    >
      <Upload aria-hidden="true" className="size-5 text-muted-foreground" />
      <p id={`${id}-hint`} className="text-muted-foreground">
        {touch
          ? 'Tap Choose files to add files from this device.'
          : 'Drag and drop files here, or choose them.'}{' '}
        PDF, images, office documents, CSV, text or ZIP
        {maxFileBytes ? `, up to ${formatSize(maxFileBytes)} each.` : '.'}
      </p>
      <input
        id={id}
        type="file"
        multiple
        className="peer sr-only"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []))
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
  )
}

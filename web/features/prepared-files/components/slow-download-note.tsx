import { Info } from 'lucide-react'
import { cn } from '@/lib/utils'

/**
 * Beside the downloads of a large audit or portfolio: why preparing the file comes first. `size`
 * says what is large ("This audit has 812 requests").
 */
export function SlowDownloadNote({
  id,
  size,
  className,
}: {
  /** The downloads and the menu name it as their description. */
  id: string
  size: string
  className?: string
}) {
  return (
    <p id={id} className={cn('flex gap-2 text-sm text-muted-foreground', className)}>
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {size}: a direct download may take a while. Prepare the file in the background instead, and
        we’ll notify you when it’s ready.
      </span>
    </p>
  )
}

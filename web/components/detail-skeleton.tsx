import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { useDocumentTitle } from '@/lib/use-document-title'

/**
 * A detail page while it loads: the back link, the title (and its action button, `action`), then
 * the page's own blocks, each of the size it will have, so that nothing jumps.
 */
export function DetailSkeleton({
  noun,
  action = false,
  children,
}: {
  /** "Project": the tab's title and what is announced as loading. */
  noun: string
  action?: boolean
  children: ReactNode
}) {
  useDocumentTitle(noun)
  return (
    <div className="grid gap-6" role="status">
      <span className="sr-only">Loading {noun.toLowerCase()}...</span>
      <Skeleton className="h-9 w-36" />
      {action ? (
        <div className="flex items-start justify-between gap-4">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-10 w-32" />
        </div>
      ) : (
        <Skeleton className="h-8 w-64" />
      )}
      {children}
    </div>
  )
}

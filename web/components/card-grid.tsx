import type { ComponentProps } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/** The responsive grid every resource list uses (one column at phone width). */
export function CardGrid({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', className)} {...props} />
}

/** Placeholder cards of the same size while a list loads. */
export function CardGridSkeleton({
  count = 6,
  label = 'Loading...',
  className,
}: {
  count?: number
  label?: string
  className?: string
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      <CardGrid aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="grid h-40 gap-3 rounded-lg border p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <div className="mt-auto flex gap-2">
              <Skeleton className="h-9 w-16" />
              <Skeleton className="h-9 w-20" />
            </div>
          </li>
        ))}
      </CardGrid>
    </div>
  )
}

import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

interface RowListProps {
  label: string
  /** Column headings, shown above the rows on wide screens. */
  columns: string[]
  /** The grid template of a row on wide screens (Tailwind arbitrary value). */
  gridClassName: string
  children: ReactNode
}

/**
 * A list that reads as a table on wide screens and as stacked cards on a phone: one markup, each
 * value labelled (visibly on small screens, for screen readers on wide ones).
 */
export function RowList({ label, columns, gridClassName, children }: RowListProps) {
  return (
    <RowListFrame columns={columns} gridClassName={gridClassName}>
      <ul aria-label={label} className="divide-y">
        {children}
      </ul>
    </RowListFrame>
  )
}

/** The border and the column headings around rows (a virtual list's, say). */
export function RowListFrame({ columns, gridClassName, children }: Omit<RowListProps, 'label'>) {
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <div
        aria-hidden="true"
        className={cn(
          'hidden border-b bg-muted/50 px-5 py-2 text-xs font-medium text-muted-foreground lg:grid lg:gap-4',
          gridClassName,
        )}
      >
        {columns.map((column) => (
          <span key={column} className="last:text-right">
            {column}
          </span>
        ))}
      </div>
      {children}
    </div>
  )
}

/** One row; `as="div"` inside a list that makes its own items (a virtual list). */
export function Row({
  gridClassName,
  children,
  as: Element = 'li',
  className,
}: {
  gridClassName: string
  children: ReactNode
  as?: 'li' | 'div'
  className?: string
}) {
  return (
    <Element
      className={cn(
        'grid grid-cols-2 gap-x-4 gap-y-3 px-4 py-4 sm:px-5 lg:items-center',
        gridClassName,
        className,
      )}
    >
      {children}
    </Element>
  )
}

/** One value of a row, with its column's name as a label (visible on small screens only). */
export function Cell({
  label,
  children,
  className,
}: {
  label: string
  children: ReactNode
  className?: string
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1', className)}>
      <span className="text-xs font-medium text-muted-foreground lg:sr-only">{label}</span>
      <div className="min-w-0 text-sm">{children}</div>
    </div>
  )
}

export function RowListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="overflow-hidden rounded-lg border">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="divide-y">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="grid gap-3 px-5 py-4 lg:grid-cols-4 lg:items-center">
            <div className="grid gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-52" />
            </div>
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-40 lg:justify-self-end" />
          </div>
        ))}
      </div>
    </div>
  )
}

import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** One labelled value in a detail page's description list (`<dl>`). */
export function DetailItem({
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
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  )
}

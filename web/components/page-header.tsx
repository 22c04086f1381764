import type { ReactNode } from 'react'
import { useDocumentTitle } from '@/lib/use-document-title'
import { cn } from '@/lib/utils'

interface PageHeaderProps {
  title: string
  description?: ReactNode
  actions?: ReactNode
  className?: string
}

/** The page's single <h1>; also sets document.title. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  useDocumentTitle(title)
  return (
    <div
      className={cn('flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between', className)}
    >
      {/* The title keeps room to be read; many actions wrap beside it rather than crush it. */}
      <div className="min-w-0 space-y-1 sm:flex-[1_0_14rem]">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? (
        <div className="flex min-w-0 flex-wrap gap-2 sm:justify-end">{actions}</div>
      ) : null}
    </div>
  )
}

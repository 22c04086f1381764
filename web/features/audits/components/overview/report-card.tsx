import { useId, type ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'

/** One figure of the report: a titled card, named by its title for assistive technology. */
export function ReportCard({
  title,
  description,
  action,
  className,
  children,
}: {
  title: string
  /** What the figure counts, in a line under the title. */
  description?: ReactNode
  /** Beside the title: a link or a toggle. */
  action?: ReactNode
  className?: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={cn('min-w-0', className)}>
      <Card className="grid h-full content-start gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="grid min-w-0 gap-1">
            <h2 id={headingId} className="text-base leading-tight font-semibold">
              {title}
            </h2>
            {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
          </div>
          {action}
        </div>
        {children}
      </Card>
    </section>
  )
}

import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'

interface PanelHeaderProps {
  id: string
  title: string
  /** Shown next to the title once known ("100+" while more pages follow). */
  count?: number | string
  description: ReactNode
  action?: ReactNode
}

/** A tab's heading (an <h2> under the page's <h1>), its explanation and its main action. */
export function PanelHeader({ id, title, count, description, action }: PanelHeaderProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          {title}
          {count !== undefined ? (
            <Badge variant="secondary" className="tabular-nums">
              {count}
            </Badge>
          ) : null}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {action ? <div className="flex shrink-0 gap-2">{action}</div> : null}
    </div>
  )
}

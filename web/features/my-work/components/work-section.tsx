import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatTotal } from '../lib/work-format'

interface WorkSectionProps {
  /** The section's anchor (`/my-work#overdue`). */
  id: string
  title: string
  icon: LucideIcon
  total: number
  /** The badge's colour when something is there. */
  tone?: 'default' | 'destructive'
  /** Says there is nothing, and what will show here. */
  empty: ReactNode
  /** After the items: the way to the whole list. */
  footer?: ReactNode
  children: ReactNode
}

/** One section of My work: its heading with how many, its few items or what it holds when empty. */
export function WorkSection({
  id,
  title,
  icon: Icon,
  total,
  tone = 'default',
  empty,
  footer,
  children,
}: WorkSectionProps) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20">
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
          <CardTitle asChild>
            <h2 id={headingId} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              {title}
              <Badge variant={total > 0 ? tone : 'secondary'} className="tabular-nums">
                {formatTotal(total)}
              </Badge>
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {total === 0 ? (
            <div className="grid gap-1 rounded-md border border-dashed px-4 py-6 text-center text-sm">
              {empty}
            </div>
          ) : (
            <>
              {children}
              {footer}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  )
}

/** A section's empty state: what is not there, and what will show. */
export function SectionEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground">{children}</p>
    </>
  )
}

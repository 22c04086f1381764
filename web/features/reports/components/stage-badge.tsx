import { AUDIT_STAGE_LABELS, type AuditStage } from '@shared/schemas/reports'
import { CircleCheck, CircleDashed, CircleDot, Lock, type LucideIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

const STAGES: Record<
  AuditStage,
  { variant: 'outline' | 'success' | 'neutral'; icon: LucideIcon; className?: string }
> = {
  // Nothing asked of the client yet: hollow, dashed, grey; never mistaken for one under way.
  not_sent: {
    variant: 'neutral',
    icon: CircleDashed,
    className: 'border-dashed border-muted-foreground/60 bg-transparent',
  },
  open: { variant: 'outline', icon: CircleDot, className: '[&_svg]:text-primary' },
  done: { variant: 'success', icon: CircleCheck },
  completed: { variant: 'neutral', icon: Lock },
}

/** Where an audit stands (not sent, open, all done, completed): an icon and its word. */
export function StageBadge({ stage }: { stage: AuditStage }) {
  const { variant, icon: Icon, className } = STAGES[stage]
  return (
    <Badge variant={variant} className={cn(className)}>
      <Icon aria-hidden="true" />
      {AUDIT_STAGE_LABELS[stage]}
    </Badge>
  )
}

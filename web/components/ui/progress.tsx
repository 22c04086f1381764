import { Progress as ProgressPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A slim bar of `value` out of `max` (more than 0); name it with aria-label. */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value == null || max <= 0 ? 0 : Math.min(100, (value / max) * 100)
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn(
        'relative h-2 w-full overflow-hidden rounded-full border border-muted-foreground/50 bg-muted',
        className,
      )}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full rounded-full bg-success transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  )
}

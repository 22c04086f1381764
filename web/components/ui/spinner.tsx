import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/utils'

interface SpinnerProps {
  className?: string
  /** Announced to assistive technology; hidden visually unless `showLabel`. */
  label?: string
  showLabel?: boolean
}

export function Spinner({ className, label = 'Loading...', showLabel = false }: SpinnerProps) {
  return (
    <span
      role="status"
      className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  )
}

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-svh animate-delayed-fade-in items-center justify-center">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  )
}

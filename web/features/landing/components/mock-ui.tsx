import type { ComponentProps, ReactNode } from 'react'
import { cn } from '@/lib/utils'

// Small building blocks for the page's product illustrations: drawn with the app's own tokens,
// so they follow the theme and cost no image requests.

/** A framed app surface with a title bar; `label` describes the picture to screen readers. */
export function MockWindow({
  label,
  title,
  aside,
  className,
  children,
}: {
  label: string
  title: string
  aside?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('overflow-hidden rounded-lg border bg-card text-card-foreground', className)}
    >
      <div className="flex h-10 items-center justify-between gap-3 border-b bg-muted/50 px-4">
        <span className="truncate text-xs font-medium">{title}</span>
        {aside}
      </div>
      {children}
    </div>
  )
}

const initialsTone = {
  primary: 'bg-primary text-primary-foreground',
  muted: 'bg-muted text-foreground ring-1 ring-border',
}

export function Initials({
  name,
  tone = 'muted',
  className,
}: {
  name: string
  tone?: keyof typeof initialsTone
  className?: string
}) {
  return (
    <span
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-[0.6875rem] font-semibold',
        initialsTone[tone],
        className,
      )}
    >
      {name}
    </span>
  )
}

/** A horizontal progress bar; `fill` is a width class such as `w-3/4`. */
export function Meter({ fill, className }: { fill: string; className?: string }) {
  return (
    <span className={cn('block h-1.5 overflow-hidden rounded-full bg-muted', className)}>
      <span className={cn('block h-full rounded-full bg-primary', fill)} />
    </span>
  )
}

export function MockRow({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex items-center gap-3 border-b px-4 py-2.5 last:border-b-0', className)}
      {...props}
    />
  )
}

import type { ComponentProps, ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** The page's content column: one max width and one gutter for every section. */
export function Container({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)} {...props} />
  )
}

/** A landing section: an anchor target below the sticky header, labelled by its h2. */
export function Section({
  id,
  className,
  children,
}: {
  id: string
  className?: string
  children: ReactNode
}) {
  return (
    // Focusable from script: the phone menu moves focus to the section it scrolls to.
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      className={cn('scroll-mt-16 focus:outline-none', className)}
    >
      {children}
    </section>
  )
}

export function SectionIntro({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string
  eyebrow: string
  title: string
  children?: ReactNode
  className?: string
}) {
  return (
    <div className={cn('max-w-2xl', className)}>
      <p className="text-sm font-semibold text-primary">{eyebrow}</p>
      <h2
        id={`${id}-heading`}
        className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
      >
        {title}
      </h2>
      {children ? (
        <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{children}</p>
      ) : null}
    </div>
  )
}

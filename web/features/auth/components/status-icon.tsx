import { CircleCheck, CircleX } from 'lucide-react'

/** The round icon above a public page's title that says how a one-time link went. */
export function StatusIcon({ kind }: { kind: 'success' | 'error' }) {
  return kind === 'success' ? (
    <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
      <CircleCheck aria-hidden="true" className="size-6" />
    </span>
  ) : (
    <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive-soft-foreground">
      <CircleX aria-hidden="true" className="size-6" />
    </span>
  )
}

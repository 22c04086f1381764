import { AlertTriangle } from 'lucide-react'
import { ForbiddenState, isForbidden } from '@/components/forbidden-state'
import { PendingButton } from '@/components/ui/pending-button'
import { cn } from '@/lib/utils'

interface ErrorStateProps {
  title?: string
  /** The error's message when it is worth showing; a generic line otherwise. */
  message?: string
  onRetry: () => void
  retrying?: boolean
  /** The failed query's error: a 403 shows the forbidden state instead (retrying cannot help). */
  error?: unknown
  className?: string
}

/** What a failed read shows instead of its content: what happened and a retry. */
export function ErrorState({
  title = 'Something went wrong',
  message = 'The data could not be loaded. Check your connection and try again.',
  onRetry,
  retrying = false,
  error,
  className,
}: ErrorStateProps) {
  if (isForbidden(error)) return <ForbiddenState heading="section" className={className} />
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-destructive/40 px-6 py-10 text-center',
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="size-8 text-destructive" />
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <PendingButton
        variant="outline"
        pending={retrying}
        pendingLabel="Retrying..."
        onClick={onRetry}
      >
        Try again
      </PendingButton>
    </div>
  )
}

/** The failed query's error state, with its retry (refetch) and its error. */
export function QueryErrorState({
  query,
  ...props
}: Omit<ErrorStateProps, 'onRetry' | 'retrying' | 'error'> & {
  query: { refetch: () => unknown; isFetching: boolean; error: unknown }
}) {
  return (
    <ErrorState
      {...props}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      error={query.error}
    />
  )
}

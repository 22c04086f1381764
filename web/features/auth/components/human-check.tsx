import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useState, type Ref } from 'react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { authQueries } from '@/lib/queries/auth'

export interface HumanCheckHandle {
  /** Clears the solved check (after a failed submit) so the user solves a fresh one. */
  reset: () => void
}

// The widgets load only where the check is shown (the register page).
const AltchaCheck = lazy(() => import('./altcha-check').then((m) => ({ default: m.AltchaCheck })))
const TurnstileCheck = lazy(() =>
  import('./turnstile-check').then((m) => ({ default: m.TurnstileCheck })),
)

interface HumanCheckProps {
  onToken: (token: string | null) => void
  ref?: Ref<HumanCheckHandle>
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 p-3 text-sm"
    >
      <span>The human verification could not be loaded.</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}

export function HumanCheck({ onToken, ref }: HumanCheckProps) {
  const config = useQuery(authQueries.publicConfig())
  const [widgetFailed, setWidgetFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const onLoadError = useCallback(() => setWidgetFailed(true), [])
  const placeholder = <Skeleton className="h-[74px] w-full" />

  if (config.isPending) return placeholder
  if (config.isError || widgetFailed) {
    return (
      <LoadError
        onRetry={() => {
          setWidgetFailed(false)
          setAttempt((n) => n + 1)
          if (config.isError) void config.refetch()
        }}
      />
    )
  }

  const { captcha } = config.data
  return (
    <Suspense fallback={placeholder}>
      {captcha.provider === 'altcha' ? (
        <AltchaCheck
          key={attempt}
          ref={ref}
          challengeUrl={captcha.challengeUrl}
          onToken={onToken}
        />
      ) : (
        <TurnstileCheck
          key={attempt}
          ref={ref}
          siteKey={captcha.siteKey}
          onToken={onToken}
          onLoadError={onLoadError}
        />
      )}
    </Suspense>
  )
}

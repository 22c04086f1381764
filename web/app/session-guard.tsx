import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { authQueries } from '@/lib/queries/auth'
import { SessionProvider } from '@/lib/session'
import { NotFoundPage } from '@/pages/not-found-page'
import { AppShellSkeleton } from './layouts/app-shell-skeleton'

// Seen only by someone the company's two-factor policy holds: its own chunk.
const MfaSetupRequiredPage = lazy(() =>
  import('@/features/settings').then((m) => ({ default: m.MfaSetupRequiredPage })),
)

/**
 * Guards every non-public route. Without a session a known route redirects to login (with the
 * way back in ?redirect=); an unknown path shows the public 404 instead of a login prompt.
 */
export function SessionGuard({ unknownPath = false }: { unknownPath?: boolean }) {
  const session = useQuery(authQueries.me())
  const location = useLocation()

  // The shell's frame with skeletons, not a blank page, until the session and the shell are in.
  if (session.isPending) return <AppShellSkeleton />

  if (session.isError) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-semibold">We couldn&apos;t check your session</h1>
        <p className="max-w-sm text-sm text-muted-foreground">
          The server did not answer as expected. Check your connection and try again.
        </p>
        <Button onClick={() => void session.refetch()} disabled={session.isFetching}>
          Try again
        </Button>
      </main>
    )
  }

  if (!session.data) {
    if (unknownPath) return <NotFoundPage />
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`)
    return <Navigate to={`/login?redirect=${redirect}`} replace />
  }

  // The company requires a second factor of this user: setting one up is all they can do.
  if (session.data.mfaSetupRequired)
    return (
      <Suspense fallback={<AppShellSkeleton />}>
        <MfaSetupRequiredPage user={session.data} />
      </Suspense>
    )

  return (
    <SessionProvider user={session.data}>
      <Suspense fallback={<AppShellSkeleton />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  )
}

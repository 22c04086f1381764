import { Component, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/use-document-title'

function isChunkLoadError(error: unknown) {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  )
}

/** Last-resort screen for render errors and for code chunks that fail to load (e.g. after a deploy). */
function RouteErrorScreen({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong')
  const chunkFailed = isChunkLoadError(error)

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">
        {chunkFailed ? 'A new version is available' : 'Something went wrong'}
      </h1>
      <p className="max-w-md text-sm text-muted-foreground">
        {chunkFailed
          ? 'Part of the application could not be loaded. Reload the page to get the latest version.'
          : 'An unexpected error occurred. Reload the page to try again.'}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button variant="outline" asChild>
          <a href="/">Go to home page</a>
        </Button>
      </div>
    </main>
  )
}

interface RouteErrorBoundaryProps {
  /** The current path: going elsewhere (e.g. back) leaves the error screen. */
  resetKey: string
  children: ReactNode
}

interface RouteErrorBoundaryState {
  error: unknown
  failedAt: string | null
}

export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, failedAt: null }

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.resetKey }
    if (state.failedAt !== null && state.failedAt !== props.resetKey) {
      return { error: null, failedAt: null }
    }
    return null
  }

  override render() {
    if (this.state.error !== null) return <RouteErrorScreen error={this.state.error} />
    return this.props.children
  }
}

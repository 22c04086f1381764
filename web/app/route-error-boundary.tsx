import { isRouteErrorResponse, useRouteError } from 'react-router'
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
export function RouteErrorBoundary() {
  const error = useRouteError()
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
          : isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
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

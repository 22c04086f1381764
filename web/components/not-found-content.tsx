import { SearchX } from 'lucide-react'
import type { ReactNode } from 'react'

/** Body of both 404 pages (public and inside the app shell). */
export function NotFoundContent({ actions }: { actions: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        The page you are looking for does not exist or may have been moved. Check the address, or
        use one of the links below.
      </p>
      <div className="flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  )
}

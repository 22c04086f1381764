import { ArrowLeft, ShieldX } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/use-document-title'
import { cn } from '@/lib/utils'

export const FORBIDDEN_TITLE = "You don't have access to this page"

/** A 403 from the API: the caller's role may not read this. */
export function isForbidden(error: unknown) {
  return isApiError(error) && error.status === 403
}

/**
 * What a signed-in user sees where their role has no access (a client user on the Clients page,
 * or any read the API refuses with 403): never an error screen, always a way back.
 */
export function ForbiddenState({
  heading = 'page',
  className,
}: {
  /** `page`: the page's own <h1> (and document title); `section`: inside a page that has one. */
  heading?: 'page' | 'section'
  className?: string
}) {
  const Title = heading === 'page' ? 'h1' : 'h2'
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-16 text-center',
        className,
      )}
    >
      {heading === 'page' ? <ForbiddenTitle /> : null}
      <ShieldX aria-hidden="true" className="size-10 text-muted-foreground" />
      <Title className="text-xl font-semibold tracking-tight">{FORBIDDEN_TITLE}</Title>
      <p className="max-w-md text-sm text-muted-foreground">
        Your account&apos;s role does not include this part of the app. If you think it should, ask
        an administrator of your firm.
      </p>
      <Button variant="outline" asChild>
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
    </div>
  )
}

function ForbiddenTitle() {
  useDocumentTitle('Access denied')
  return null
}

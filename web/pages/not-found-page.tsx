import { Link } from 'react-router'
import { Brand } from '@/components/brand'
import { NotFoundContent } from '@/components/not-found-content'
import { Button } from '@/components/ui/button'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import { useDocumentTitle } from '@/lib/use-document-title'

/** 404 for visitors without a session. */
export function NotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex h-16 items-center justify-between px-4 sm:px-6">
        <Link to="/" className="rounded-md">
          <Brand />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <NotFoundContent
          actions={
            <>
              <Button asChild>
                <Link to="/">Go to home page</Link>
              </Button>
              <Button variant="outline" asChild>
                <Link to="/login">Sign in</Link>
              </Button>
            </>
          }
        />
      </main>
    </div>
  )
}

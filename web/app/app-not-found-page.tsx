import { Link } from 'react-router'
import { NotFoundContent } from '@/components/not-found-content'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/use-document-title'

/** 404 inside the app shell, for signed-in users. */
export function AppNotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <div className="py-16">
      <NotFoundContent
        actions={
          <Button asChild>
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        }
      />
    </div>
  )
}

import { ArrowLeft, SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/use-document-title'

interface ResourceNotFoundProps {
  /** The spec's wording, e.g. "Client not found"; also the page's h1 and title. */
  title: string
  backTo: string
  backLabel: string
}

/** A detail page whose record is missing (or belongs to another company: the same 404). */
export function ResourceNotFound({ title, backTo, backLabel }: ResourceNotFoundProps) {
  useDocumentTitle(title)
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-16 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        It may have been deleted, or the link may be wrong.
      </p>
      <Button variant="outline" asChild>
        <Link to={backTo}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
    </div>
  )
}

import { FileText, MessageSquareText } from 'lucide-react'
import { Badge } from '@/components/ui/badge'

export function RequirementBadges({
  documentRequired,
  responseRequired,
}: {
  documentRequired: boolean
  responseRequired: boolean
}) {
  if (!documentRequired && !responseRequired) return null
  return (
    <span className="inline-flex flex-wrap gap-1">
      {documentRequired ? (
        <Badge variant="secondary">
          <FileText aria-hidden="true" />
          Document Required
        </Badge>
      ) : null}
      {responseRequired ? (
        <Badge variant="secondary">
          <MessageSquareText aria-hidden="true" />
          Response Required
        </Badge>
      ) : null}
    </span>
  )
}

/** The same, as icons beside a title where a row has no room for badges (the request table). */
export function RequirementIcons({
  documentRequired,
  responseRequired,
}: {
  documentRequired: boolean
  responseRequired: boolean
}) {
  return (
    <span className="inline-flex shrink-0 gap-1 text-muted-foreground">
      {documentRequired ? (
        <span title="Document Required">
          <FileText aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Document Required</span>
        </span>
      ) : null}
      {responseRequired ? (
        <span title="Response Required">
          <MessageSquareText aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Response Required</span>
        </span>
      ) : null}
    </span>
  )
}

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

import { ANSWER_TYPE_LABELS, type AnswerType } from '@shared/schemas/answers'
import { FileText, ListChecks, MessageSquareText } from 'lucide-react'
import { Badge } from '@/components/ui/badge'

/** Whether a request asks for anything beyond an optional written answer. */
export const asksSomething = (request: {
  documentRequired: boolean
  responseRequired: boolean
  answerType: AnswerType
}) => request.documentRequired || request.responseRequired || request.answerType !== 'text'

export function RequirementBadges({
  documentRequired,
  responseRequired,
  answerType,
}: {
  documentRequired: boolean
  responseRequired: boolean
  answerType: AnswerType
}) {
  if (!asksSomething({ documentRequired, responseRequired, answerType })) return null
  return (
    <span className="inline-flex flex-wrap gap-1">
      {answerType === 'text' ? null : (
        <Badge variant="secondary">
          <ListChecks aria-hidden="true" />
          {ANSWER_TYPE_LABELS[answerType]}
        </Badge>
      )}
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

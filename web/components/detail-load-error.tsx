import { BackLink } from '@/components/back-link'
import { ErrorState } from '@/components/error-state'
import { ForbiddenState, isForbidden } from '@/components/forbidden-state'
import { PageHeader } from '@/components/page-header'
import { ResourceNotFound } from '@/components/resource-not-found'
import { isApiError } from '@/lib/api'

interface DetailLoadErrorProps {
  /** The record's kind as a title, e.g. "Project": gives "Project not found". */
  noun: string
  backTo: string
  backLabel: string
  query: { error: unknown; isFetching: boolean; refetch: () => unknown }
}

/** A detail page whose record failed to load: not found (404, or a malformed id), forbidden (403), or a retryable error. */
export function DetailLoadError({ noun, backTo, backLabel, query }: DetailLoadErrorProps) {
  const { error } = query
  if (isForbidden(error)) return <ForbiddenState />
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return <ResourceNotFound title={`${noun} not found`} backTo={backTo} backLabel={backLabel} />
  }
  return (
    <div className="grid gap-6">
      <BackLink to={backTo}>{backLabel}</BackLink>
      <PageHeader title={noun} />
      <ErrorState
        title={`Could not load this ${noun.toLowerCase()}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    </div>
  )
}

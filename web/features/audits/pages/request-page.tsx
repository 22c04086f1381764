import { ACTIVITY_ACTION_LABELS } from '@shared/schemas/dashboard'
import type { RequestDetail, RequestVersion } from '@shared/schemas/requests'
import { AlertTriangle, Check, Lock, Undo2 } from 'lucide-react'
import { useParams } from 'react-router'
import { BackLink } from '@/components/back-link'
import { DetailItem } from '@/components/detail-item'
import { DetailLoadError } from '@/components/detail-load-error'
import { ErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { RequestStatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PendingButton } from '@/components/ui/pending-button'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { formatCalendarDate, formatDateTime, formatRelativeTime } from '@/lib/dates'
import { toastFailure } from '@/lib/mutation-feedback'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAcceptRequest } from '../api/accept-request'
import { useComments } from '../api/get-comments'
import { useRequest } from '../api/get-request'
import { useMarkNotApplicable } from '../api/mark-not-applicable'
import { useReturnRequest } from '../api/return-request'
import { AnswerForm } from '../components/answer-form'
import { CommentThread } from '../components/comment-thread'
import { FileList } from '../components/file-list'
import { FileUpload, preparedFiles } from '../components/file-upload'
import { ReasonDialog } from '../components/reason-dialog'
import { RequirementBadges } from '../components/requirement-badges'

export function RequestPage() {
  const { id = '' } = useParams()
  const request = useRequest(id)
  const isClient = useSession().role === 'client'
  const back = isClient
    ? { backTo: '/my-requests', backLabel: 'Back to My Requests' }
    : { backTo: '/projects', backLabel: 'Back to Projects' }

  if (request.isPending) return <RequestPageSkeleton />
  if (request.isError) return <DetailLoadError noun="Request" query={request} {...back} />
  return <RequestDetailView request={request.data} isClient={isClient} />
}

function RequestDetailView({ request, isClient }: { request: RequestDetail; isClient: boolean }) {
  // The last submitted version (a version being prepared carries no return reason).
  const latest = [...request.versions].reverse().find((version) => version.submittedAt !== null)
  const canAnswer = isClient && (request.status === 'sent' || request.status === 'returned')
  // The answer being prepared is shown in the upload area while the client can still change it.
  const shownVersions = canAnswer
    ? request.versions.filter((version) => version.submittedAt !== null)
    : request.versions

  return (
    <div className="grid gap-6">
      <BackLink to={`/audits/${request.auditId}`}>Back to {request.auditName}</BackLink>
      <PageHeader
        title={`#${request.number} ${request.title}`}
        description={request.auditName}
        actions={isClient ? undefined : <StaffActions request={request} />}
      />
      <Card className="grid gap-4 p-5">
        <h2 className="sr-only">Request details</h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <DetailItem label="Status">
            <RequestStatusBadge status={request.status} overdue={request.overdue} />
          </DetailItem>
          <DetailItem label="Assignee">
            {request.assigneeName ?? <span className="text-muted-foreground">Unassigned</span>}
          </DetailItem>
          <DetailItem label="Due date">
            {request.dueDate ? (
              <time dateTime={request.dueDate} className="tabular-nums">
                {formatCalendarDate(request.dueDate)}
              </time>
            ) : (
              <span className="text-muted-foreground">No due date</span>
            )}
          </DetailItem>
          <DetailItem label="Requires">
            {request.documentRequired || request.responseRequired ? (
              <RequirementBadges
                documentRequired={request.documentRequired}
                responseRequired={request.responseRequired}
              />
            ) : (
              <span className="text-muted-foreground">Nothing specific</span>
            )}
          </DetailItem>
          <DetailItem label="Description" className="col-span-full">
            {request.description ? (
              <span className="whitespace-pre-line">{request.description}</span>
            ) : (
              <span className="text-muted-foreground">No description</span>
            )}
          </DetailItem>
        </dl>
      </Card>

      {request.status === 'returned' && latest?.returnedReason ? (
        <div
          role="note"
          aria-label="Returned by your audit firm"
          className="grid gap-1 rounded-lg border border-warning bg-warning-soft p-4 text-warning-soft-foreground"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Undo2 aria-hidden="true" className="size-4" />
            Returned{latest.returnedBy ? ` by ${latest.returnedBy}` : ''}
            {isClient ? ': please answer again' : ''}
          </p>
          <p className="text-sm whitespace-pre-line">{latest.returnedReason}</p>
        </div>
      ) : null}
      {request.status === 'not_applicable' && request.notApplicableReason ? (
        <div role="note" className="grid gap-1 rounded-lg border bg-muted p-4">
          <p className="font-semibold">Not applicable</p>
          <p className="text-sm whitespace-pre-line">{request.notApplicableReason}</p>
        </div>
      ) : null}

      {canAnswer ? (
        <section aria-labelledby="answer-heading" className="grid gap-3">
          <h2 id="answer-heading" className="text-lg font-semibold">
            Answer
          </h2>
          <Card className="grid gap-3 p-5">
            <h3 className="text-sm font-medium">
              Files{request.documentRequired ? ' (a document is required)' : ' (optional)'}
            </h3>
            <FileUpload request={request} />
          </Card>
          <Card className="p-5">
            <AnswerForm request={request} hasDocument={preparedFiles(request).length > 0} />
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="versions-heading" className="grid gap-3">
        <h2 id="versions-heading" className="text-lg font-semibold">
          Answers
        </h2>
        {shownVersions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing submitted yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Versions">
            {[...shownVersions].reverse().map((version) => (
              <li key={version.id}>
                <VersionCard version={version} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <Discussion request={request} isClient={isClient} />

      <section aria-labelledby="history-heading" className="grid gap-3">
        <h2 id="history-heading" className="text-lg font-semibold">
          History
        </h2>
        {request.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes yet: this request is a draft.</p>
        ) : (
          <ol className="grid gap-2 border-l pl-4" aria-label="History">
            {request.history.map((event) => (
              <li key={event.id} className="text-sm">
                <span className="font-medium">{event.actor}</span>{' '}
                {ACTIVITY_ACTION_LABELS[event.action]}{' '}
                <time
                  dateTime={event.createdAt}
                  title={formatDateTime(event.createdAt)}
                  className="text-muted-foreground tabular-nums"
                >
                  {formatRelativeTime(event.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

function VersionCard({ version }: { version: RequestVersion }) {
  return (
    <Card className="grid gap-2 p-4">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">Version {version.number}</span>
        {version.submittedAt ? (
          <span className="text-muted-foreground">
            submitted{version.submittedBy ? ` by ${version.submittedBy}` : ''}{' '}
            <time dateTime={version.submittedAt} title={formatDateTime(version.submittedAt)}>
              {formatRelativeTime(version.submittedAt)}
            </time>
          </span>
        ) : (
          <span className="text-muted-foreground">not submitted</span>
        )}
      </p>
      {version.response ? (
        <p className="text-sm break-words whitespace-pre-line">{version.response}</p>
      ) : (
        <p className="text-sm text-muted-foreground">No written response.</p>
      )}
      {version.files.length > 0 ? (
        <FileList files={version.files} label={`Files of version ${version.number}`} />
      ) : (
        <p className="text-sm text-muted-foreground">No files.</p>
      )}
      {version.returnedReason ? (
        <div className="grid gap-1 rounded-md border border-warning/60 bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          <p className="font-medium">
            Returned{version.returnedBy ? ` by ${version.returnedBy}` : ''}
            {version.returnedAt ? (
              <>
                {' '}
                <time dateTime={version.returnedAt} title={formatDateTime(version.returnedAt)}>
                  {formatRelativeTime(version.returnedAt)}
                </time>
              </>
            ) : null}
          </p>
          <p className="whitespace-pre-line">{version.returnedReason}</p>
        </div>
      ) : null}
    </Card>
  )
}

function Discussion({ request, isClient }: { request: RequestDetail; isClient: boolean }) {
  const comments = useComments(request.id)
  const thread = comments.isPending ? (
    <div role="status" className="grid gap-2">
      <span className="sr-only">Loading comments...</span>
      <Skeleton className="h-16 w-full" />
    </div>
  ) : comments.isError ? (
    <ErrorState
      title="Could not load comments"
      onRetry={() => void comments.refetch()}
      retrying={comments.isFetching}
      error={comments.error}
    />
  ) : (
    <CommentThread
      requestId={request.id}
      comments={comments.data.filter((comment) => !comment.internal)}
      internal={false}
    />
  )

  return (
    <section aria-labelledby="discussion-heading" className="grid gap-3">
      <h2 id="discussion-heading" className="text-lg font-semibold">
        Discussion
      </h2>
      {isClient ? (
        <Card className="p-5">{thread}</Card>
      ) : (
        <Tabs defaultValue="comments">
          <TabsList>
            <TabsTrigger value="comments">Comments</TabsTrigger>
            <TabsTrigger value="internal">
              <Lock aria-hidden="true" className="size-3.5" />
              Internal notes ({request.internalNotes?.length ?? 0})
            </TabsTrigger>
          </TabsList>
          <TabsContent value="comments">
            <Card className="p-5">{thread}</Card>
          </TabsContent>
          <TabsContent value="internal">
            <Card className="grid gap-4 p-5">
              <p className="flex items-center gap-2 text-sm font-medium text-warning-soft-foreground">
                <AlertTriangle aria-hidden="true" className="size-4" />
                Only your firm sees internal notes: they are never shown to the client.
              </p>
              <CommentThread
                requestId={request.id}
                comments={request.internalNotes ?? []}
                internal
              />
            </Card>
          </TabsContent>
        </Tabs>
      )}
    </section>
  )
}

function StaffActions({ request }: { request: RequestDetail }) {
  const accept = useAcceptRequest()
  const returnRequest = useReturnRequest()
  const markNotApplicable = useMarkNotApplicable()
  const settled = request.status === 'accepted' || request.status === 'not_applicable'

  const onAccept = () =>
    accept.mutateAsync({ id: request.id }).then(
      () => toast({ title: 'Request accepted' }),
      (error: unknown) => toastFailure('Failed to accept the request', error),
    )

  return (
    <>
      {request.status === 'submitted' ? (
        <>
          <PendingButton pending={accept.isPending} pendingLabel="Accepting..." onClick={onAccept}>
            <Check aria-hidden="true" />
            Accept
          </PendingButton>
          <ReasonDialog
            title="Return Request"
            description="The client sees your reason and answers again; their next answer is a new version."
            label="Reason"
            submitLabel="Return Request"
            pendingLabel="Returning..."
            onSubmit={(reason) =>
              returnRequest.mutateAsync({ id: request.id, reason }).then(
                () => toast({ title: 'Request returned to the client' }),
                (error: unknown) => {
                  toastFailure('Failed to return the request', error)
                  throw error
                },
              )
            }
            trigger={
              <Button variant="outline">
                <Undo2 aria-hidden="true" />
                Return
              </Button>
            }
          />
        </>
      ) : null}
      {!settled ? (
        <ReasonDialog
          title="Mark Not Applicable"
          description="The request no longer counts towards the audit's progress. The client sees the reason."
          label="Reason"
          submitLabel="Mark Not Applicable"
          pendingLabel="Saving..."
          onSubmit={(reason) =>
            markNotApplicable.mutateAsync({ id: request.id, reason }).then(
              () => toast({ title: 'Request marked as not applicable' }),
              (error: unknown) => {
                toastFailure('Failed to mark the request as not applicable', error)
                throw error
              },
            )
          }
          trigger={<Button variant="outline">Mark Not Applicable</Button>}
        />
      ) : null}
    </>
  )
}

function RequestPageSkeleton() {
  useDocumentTitle('Request')
  return (
    <div className="grid gap-6" role="status">
      <span className="sr-only">Loading request...</span>
      <Skeleton className="h-9 w-36" />
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  )
}

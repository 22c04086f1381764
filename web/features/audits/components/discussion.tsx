import type { RequestDetail } from '@shared/schemas/requests'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Lock } from 'lucide-react'
import { useLocation } from 'react-router'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { Card } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { requestQueries } from '@/lib/queries/requests'
import { CommentThread } from './comment-thread'

/**
 * The discussion with the client, and (for the firm, whose request detail carries them) the
 * internal notes in their own tab.
 */
export function Discussion({ request }: { request: RequestDetail }) {
  const comments = useQuery(requestQueries.comments(request.id))
  // A search result pointing at an internal note opens their tab.
  const { hash } = useLocation()
  const noteTargeted =
    request.internalNotes?.some((note) => hash === `#comment-${note.id}`) ?? false
  // The thread says itself when it holds nothing (its form adds the first comment).
  const thread = (
    <ListSection
      query={comments}
      loading={<ListSkeleton label="Loading comments..." rows={1} rowClassName="h-16" />}
      errorTitle="Could not load comments"
    >
      {(list) => (
        <CommentThread
          requestId={request.id}
          comments={list}
          internal={false}
          canWrite={request.allowedActions.includes('comment')}
        />
      )}
    </ListSection>
  )

  return (
    <section aria-labelledby="discussion-heading" className="grid gap-3">
      <h2 id="discussion-heading" className="text-lg font-semibold">
        Discussion
      </h2>
      {request.internalNotes ? (
        <Tabs defaultValue={noteTargeted ? 'internal' : 'comments'}>
          <TabsList>
            <TabsTrigger value="comments">Comments</TabsTrigger>
            <TabsTrigger value="internal">
              <Lock aria-hidden="true" className="size-3.5" />
              Internal notes ({request.internalNotes.length})
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
                comments={request.internalNotes}
                internal
                canWrite={request.allowedActions.includes('internal_note')}
              />
            </Card>
          </TabsContent>
        </Tabs>
      ) : (
        <Card className="p-5">{thread}</Card>
      )}
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Copy } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Card } from '@/components/ui/card'
import { PendingButton } from '@/components/ui/pending-button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api'
import { toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { starterListsQuery, useCopyStarterList } from '@/lib/queries/template-library'

/**
 * The starter request lists, each copied into the firm's templates in one click (admins), then
 * opened to be made the firm's own.
 */
export function StarterLists({ canCopy, onCopied }: { canCopy: boolean; onCopied?: () => void }) {
  const lists = useQuery(starterListsQuery())
  const copy = useCopyStarterList()
  const navigate = useNavigate()

  if (lists.isPending)
    return (
      <div
        className="grid gap-3 sm:grid-cols-2"
        aria-busy="true"
        aria-label="Loading starter lists"
      >
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-36" />
        ))}
      </div>
    )
  if (lists.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(lists.error, 'The starter lists could not be loaded.')}
      </p>
    )

  const onCopy = async (key: string) => {
    try {
      const template = await copy.mutateAsync(key)
      toast({ title: `${template.name} added to your templates` })
      onCopied?.()
      void navigate(`/templates/${template.id}`)
    } catch (error) {
      toastFailure('Failed to copy the starter list', error)
    }
  }

  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Starter lists">
      {lists.data.map((list) => (
        <li key={list.key}>
          <Card className="grid h-full content-between gap-3 p-4">
            <div className="grid gap-1.5">
              <h3 className="font-medium">{list.name}</h3>
              <p className="text-sm text-muted-foreground">{list.description}</p>
              <p className="text-xs text-muted-foreground">
                {countOf(list.itemCount, 'item')} in {countOf(list.sections.length, 'section')}
              </p>
            </div>
            {canCopy ? (
              <PendingButton
                variant="outline"
                className="w-fit"
                pending={copy.isPending && copy.variables === list.key}
                pendingLabel="Copying..."
                disabled={copy.isPending}
                onClick={() => void onCopy(list.key)}
                aria-label={`Copy ${list.name} to my templates`}
              >
                <Copy aria-hidden="true" />
                Copy to My Templates
              </PendingButton>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  )
}

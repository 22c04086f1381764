import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { Plus, Users } from 'lucide-react'
import { useState } from 'react'
import { CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { NoSearchResults } from '@/components/paged/search-empty-state'
import { VirtualList } from '@/components/paged/virtual-list'
import { SearchField } from '@/components/search-field'
import { Button } from '@/components/ui/button'
import { RequirePermission } from '@/components/require-permission'
import { clientQueries } from '@/lib/queries/engagements'
import { searchText } from '@/lib/queries/paged'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { ClientCard } from '../components/client-card'
import { ClientFormDialog } from '../components/client-form-dialog'

// The firm's: client users get the forbidden state (and the API's 403) instead.
export function ClientsPage() {
  return (
    <RequirePermission to="engagements.manage">
      <ClientsPageContent />
    </RequirePermission>
  )
}

function ClientsPageContent() {
  const [search, setSearch] = useState('')
  const q = searchText(useDebouncedValue(search))
  // The server searches; the previous results stay while the next ones load.
  const clients = useInfiniteQuery({
    ...clientQueries.list({ q }),
    placeholderData: keepPreviousData,
  })

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Clients"
        description="The companies you audit and their contact details."
        actions={
          <ClientFormDialog
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                Add Client
              </Button>
            }
          />
        }
      />

      <SearchField label="Search clients" value={search} onChange={setSearch} />

      <ListSection
        query={clients}
        loading={<CardGridSkeleton label="Loading clients..." />}
        errorTitle="Could not load clients"
        empty={
          q ? (
            <NoSearchResults title="No clients found" search={q} />
          ) : (
            <EmptyState icon={Users}>
              No clients yet. Click &apos;Add Client&apos; to get started.
            </EmptyState>
          )
        }
        loadMoreLabel="Load more clients"
        className="gap-2"
      >
        {(list) => (
          <VirtualList
            label="Clients"
            layout="grid"
            items={list}
            getKey={(client) => client.id}
            renderItem={(client) => <ClientCard client={client} />}
            estimateRowHeight={176}
          />
        )}
      </ListSection>
    </div>
  )
}

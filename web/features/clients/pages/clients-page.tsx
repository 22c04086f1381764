import { useQuery } from '@tanstack/react-query'
import { Plus, SearchX, Users } from 'lucide-react'
import { useState } from 'react'
import { CardGrid, CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { SearchField } from '@/components/search-field'
import { Button } from '@/components/ui/button'
import { RequirePermission } from '@/components/require-permission'
import { clientQueries } from '@/lib/queries/engagements'
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
  const clients = useQuery(clientQueries.list())
  const [search, setSearch] = useState('')
  const query = search.trim().toLowerCase()
  const visible = clients.data?.filter((client) => client.name.toLowerCase().includes(query))

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

      {clients.isPending ? (
        <CardGridSkeleton label="Loading clients..." />
      ) : clients.isError ? (
        <QueryErrorState title="Could not load clients" query={clients} />
      ) : clients.data.length === 0 ? (
        <EmptyState icon={Users}>
          No clients yet. Click &apos;Add Client&apos; to get started.
        </EmptyState>
      ) : !visible || visible.length === 0 ? (
        <EmptyState icon={SearchX}>No clients found</EmptyState>
      ) : (
        <CardGrid aria-label="Clients">
          {visible.map((client) => (
            <li key={client.id}>
              <ClientCard client={client} />
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  )
}

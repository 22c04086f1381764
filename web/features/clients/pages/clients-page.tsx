import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the clients issue fills this page.
export function ClientsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Clients" />
      <EmptyState>No clients yet. Client management is coming soon.</EmptyState>
    </div>
  )
}

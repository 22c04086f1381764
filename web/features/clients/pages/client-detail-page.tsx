import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the clients issue fills this page.
export function ClientDetailPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Client Details" />
      <EmptyState>This client's details and projects will appear here.</EmptyState>
    </div>
  )
}

import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the admin issue fills this page.
export function AdminPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Admin Settings" />
      <EmptyState>Company, user and invitation settings will appear here.</EmptyState>
    </div>
  )
}

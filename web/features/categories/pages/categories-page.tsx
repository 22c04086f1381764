import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the categories issue fills this page.
export function CategoriesPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Categories" />
      <EmptyState>No categories yet. Template categories are coming soon.</EmptyState>
    </div>
  )
}

import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the templates issue fills this page.
export function TemplatesPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Templates" />
      <EmptyState>No templates yet. Checklist templates are coming soon.</EmptyState>
    </div>
  )
}

import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the templates issue fills this page.
export function TemplateDetailPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Template Details" />
      <EmptyState>This template's checklist items will appear here.</EmptyState>
    </div>
  )
}

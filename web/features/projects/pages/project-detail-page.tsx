import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the projects issue fills this page.
export function ProjectDetailPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Project Details" />
      <EmptyState>This project's details and audits will appear here.</EmptyState>
    </div>
  )
}

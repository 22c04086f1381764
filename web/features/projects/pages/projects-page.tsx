import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the projects issue fills this page.
export function ProjectsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Projects" />
      <EmptyState>No projects yet. Project management is coming soon.</EmptyState>
    </div>
  )
}

import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/empty-state'

// Placeholder until the settings issue fills this page.
export function SettingsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" />
      <EmptyState>Your profile, password and session settings will appear here.</EmptyState>
    </div>
  )
}

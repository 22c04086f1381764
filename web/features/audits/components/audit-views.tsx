import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { AuditActivity } from './audit-activity'
import { AuditOverview } from './overview/audit-overview'

const VIEWS = ['requests', 'overview', 'activity'] as const
type AuditView = (typeof VIEWS)[number]

/**
 * The firm's views of an audit: its requests (the default), its figures and its trail. The view
 * is in the address (`?view=overview`, `?view=activity`), each choice a step in the history, so
 * that Back and links return to it; an address without it (`?overdue=1`, say) opens the requests.
 */
export function AuditViews({ auditId, requests }: { auditId: string; requests: ReactNode }) {
  const [search, setSearch] = useSearchParams()
  const view: AuditView = VIEWS.find((each) => each === search.get('view')) ?? 'requests'

  // The request table's filter stays in the address meanwhile, for the way back to it.
  const choose = (value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (value === 'requests') next.delete('view')
      else next.set('view', value)
      return next
    })

  return (
    <Tabs value={view} onValueChange={choose} className="grid min-w-0 gap-4">
      <TabsList aria-label="Audit views">
        <TabsTrigger value="requests">Requests</TabsTrigger>
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="activity">Activity</TabsTrigger>
      </TabsList>
      <TabsContent value="requests" className="mt-0 min-w-0">
        {requests}
      </TabsContent>
      <TabsContent value="overview" className="mt-0 min-w-0">
        <AuditOverview auditId={auditId} />
      </TabsContent>
      <TabsContent value="activity" className="mt-0 min-w-0">
        {view === 'activity' ? <AuditActivity auditId={auditId} /> : null}
      </TabsContent>
    </Tabs>
  )
}

import { Badge } from '@/components/ui/badge'
import { Initials, Meter, MockRow, MockWindow } from './mock-ui'

const requests = [
  { ref: '3.1', title: 'Bank confirmations', status: 'Accepted' },
  { ref: '3.4', title: 'Fixed asset additions', status: 'In review' },
  { ref: '4.2', title: 'Payroll reconciliation, Q4', status: 'Returned' },
  { ref: '5.1', title: 'Representation letter', status: 'Overdue' },
] as const

const statusVariant = {
  Accepted: 'success',
  'In review': 'outline',
  Returned: 'warning',
  Overdue: 'destructive',
} as const

/** The hero's picture: one engagement's request list as the app shows it. */
export function EngagementPreview() {
  return (
    <MockWindow
      label="An engagement in AuditDesk: 18 of 24 client requests received, with items accepted, in review, returned and overdue"
      title="Larkspur Dental · FY2026 audit"
      aside={<Badge variant="neutral">Fieldwork</Badge>}
      className="shadow-sm"
    >
      <div className="grid grid-cols-2 gap-4 border-b px-4 py-4 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <p className="text-xs text-muted-foreground">Requests received</p>
          <p className="mt-1 text-lg font-semibold tabular-nums">18 of 24</p>
          <Meter fill="w-3/4" className="mt-2" />
        </div>
        <div>
          <p className="text-xs text-muted-foreground">Open review notes</p>
          <p className="mt-1 text-lg font-semibold tabular-nums">3</p>
        </div>
        <div>
          <p className="text-xs text-muted-foreground">Report due</p>
          <p className="mt-1 text-lg font-semibold tabular-nums">12 Dec</p>
        </div>
      </div>
      <div className="flex h-9 items-center justify-between px-4 text-xs font-medium text-muted-foreground">
        <span>PBC request list</span>
        <span>Status</span>
      </div>
      <div className="border-t">
        {requests.map(({ ref, title, status }) => (
          <MockRow key={ref}>
            <span className="w-7 shrink-0 text-xs text-muted-foreground tabular-nums">{ref}</span>
            <span className="min-w-0 flex-1 truncate text-sm">{title}</span>
            <Badge variant={statusVariant[status]}>{status}</Badge>
          </MockRow>
        ))}
      </div>
      <div className="flex items-center justify-between gap-3 border-t bg-muted/50 px-4 py-3">
        <span className="flex gap-1.5">
          <Initials name="MK" tone="primary" />
          <Initials name="JS" />
          <Initials name="DW" />
        </span>
        <span className="text-xs text-muted-foreground">Partner sign-off after review</span>
      </div>
    </MockWindow>
  )
}

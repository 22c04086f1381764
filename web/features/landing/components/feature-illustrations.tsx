import { FileText } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Initials, Meter, MockRow, MockWindow } from './mock-ui'

const engagements = [
  { client: 'Larkspur Dental Group', work: 'FY2026 year-end audit', status: 'Active' },
  { client: 'Brennan Freight Ltd', work: 'Grant compliance review', status: 'On hold' },
  { client: 'Osei Family Foundation', work: 'Annual financial statements', status: 'Active' },
  { client: 'Marlow Street Estates', work: 'Service charge audit', status: 'Completed' },
] as const

const projectVariant = { Active: 'success', 'On hold': 'warning', Completed: 'neutral' } as const

export function CaseIllustration() {
  return (
    <MockWindow
      label="A project list: four client engagements with their status"
      title="Projects"
      aside={<span className="text-xs text-muted-foreground">12 active</span>}
    >
      {engagements.map(({ client, work, status }) => (
        <MockRow key={client}>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{client}</span>
            <span className="block truncate text-xs text-muted-foreground">{work}</span>
          </span>
          <Badge variant={projectVariant[status]}>{status}</Badge>
        </MockRow>
      ))}
    </MockWindow>
  )
}

const templateItems = [
  { title: 'Year-end trial balance', needs: ['Document'] },
  { title: 'Bank reconciliations', needs: ['Document'] },
  { title: 'Related party transactions', needs: ['Response'] },
  { title: 'Lawyers’ letters', needs: ['Document', 'Response'] },
]

export function WorkflowIllustration() {
  return (
    <MockWindow
      label="A checklist template: four ordered items, each marked as needing a document, a response or both"
      title="Year-end PBC list"
      aside={<Badge variant="outline">Template</Badge>}
    >
      {templateItems.map(({ title, needs }, index) => (
        <MockRow key={title} className="items-start">
          <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-[0.6875rem] font-semibold tabular-nums">
            {index + 1}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm">{title}</span>
            <span className="mt-1 flex flex-wrap gap-1.5">
              {needs.map((need) => (
                <Badge key={need} variant="neutral">
                  {need} required
                </Badge>
              ))}
            </span>
          </span>
        </MockRow>
      ))}
    </MockWindow>
  )
}

const tiles = [
  { label: 'Total clients', value: '48' },
  { label: 'Active projects', value: '17' },
  { label: 'Audits in progress', value: '9' },
  { label: 'Completed items', value: '312' },
]
const weeks = [34, 46, 40, 58, 52, 70, 64, 82]

export function ReportingIllustration() {
  return (
    <MockWindow
      label="A dashboard: firm-wide counts and a chart of checklist items completed per week, rising over eight weeks"
      title="Dashboard"
    >
      <div className="grid grid-cols-2 gap-px bg-border">
        {tiles.map(({ label, value }) => (
          <div key={label} className="bg-card px-4 py-3">
            <p className="truncate text-xs text-muted-foreground">{label}</p>
            <p className="mt-1 text-lg font-semibold tabular-nums">{value}</p>
          </div>
        ))}
      </div>
      <div className="border-t px-4 pt-3 pb-4">
        <p className="text-xs text-muted-foreground">Items completed per week</p>
        <svg
          viewBox="0 0 320 96"
          aria-hidden="true"
          className="mt-3 h-24 w-full"
          preserveAspectRatio="none"
        >
          {weeks.map((height, index) => (
            <rect
              key={index}
              x={index * 40 + 6}
              y={96 - height}
              width="28"
              height={height}
              rx="3"
              className={index === weeks.length - 1 ? 'fill-primary' : 'fill-primary/35'}
            />
          ))}
        </svg>
      </div>
    </MockWindow>
  )
}

const files = [
  { name: 'bank-confirmations.pdf', item: '3.1', when: 'Today' },
  { name: 'fixed-asset-additions.xlsx', item: '3.4', when: 'Yesterday' },
  { name: 'payroll-rec-q4-v2.xlsx', item: '4.2', when: '2 days ago' },
  { name: 'board-minutes-sep.pdf', item: '6.3', when: '5 days ago' },
]

export function DocumentIllustration() {
  return (
    <MockWindow
      label="Evidence files, each linked to the checklist item that requested it"
      title="Evidence · Larkspur Dental"
      aside={<span className="text-xs text-muted-foreground">36 files</span>}
    >
      {files.map(({ name, item, when }) => (
        <MockRow key={name}>
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm">{name}</span>
            <span className="block text-xs text-muted-foreground">
              Item {item} · {when}
            </span>
          </span>
        </MockRow>
      ))}
    </MockWindow>
  )
}

export function CollaborationIllustration() {
  return (
    <MockWindow
      label="A review note thread on a returned checklist item, with preparer and reviewer sign-off"
      title="4.2 Payroll reconciliation, Q4"
      aside={<Badge variant="warning">Returned</Badge>}
    >
      <div className="flex flex-col gap-4 px-4 py-4">
        <div className="flex gap-3">
          <Initials name="JS" />
          <p className="min-w-0 rounded-md bg-muted px-3 py-2 text-sm">
            <span className="block text-xs font-medium">Jonah S. · Reviewer</span>
            December headcount is three higher than the HR report. Can the client explain?
          </p>
        </div>
        <div className="flex gap-3">
          <Initials name="MK" tone="primary" />
          <p className="min-w-0 rounded-md bg-muted px-3 py-2 text-sm">
            <span className="block text-xs font-medium">Maya K. · Preparer</span>
            Leavers list uploaded and the difference agreed. Ready for re-review.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 border-t bg-muted/50 px-4 py-3 text-xs text-muted-foreground">
        <span>Prepared · MK</span>
        <span>Reviewed · JS</span>
        <span>Partner sign-off · pending</span>
      </div>
    </MockWindow>
  )
}

const asks = [
  { title: 'Signed engagement letter', action: 'Upload' },
  { title: 'Why did repairs rise 40%?', action: 'Answer' },
  { title: 'December bank statement', action: 'Upload' },
]

export function ClientIllustration() {
  return (
    <MockWindow
      label="The client portal: a client sees the three requests still open for them, each with an upload or answer action"
      title="Client portal · Larkspur Dental"
    >
      <div className="border-b px-4 py-3">
        <p className="text-sm font-medium">Good morning, Priya</p>
        <p className="mt-0.5 text-xs text-muted-foreground">21 of 24 requests done</p>
        <Meter fill="w-[87%]" className="mt-2" />
      </div>
      {asks.map(({ title, action }) => (
        <MockRow key={title}>
          <span className="min-w-0 flex-1 truncate text-sm">{title}</span>
          <span className="inline-flex h-7 shrink-0 items-center rounded-md border border-input px-2.5 text-xs font-medium">
            {action}
          </span>
        </MockRow>
      ))}
    </MockWindow>
  )
}

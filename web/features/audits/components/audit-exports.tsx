import { reportsApi } from '@shared/api/reports'
import { filesApi } from '@shared/api/requests'
import { FileArchive, FileSpreadsheet, FileText } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { urlOf } from '@/lib/api'
import { countOf } from '@/lib/plural'
import {
  isLarge,
  PrepareFileButton,
  PrepareFileMenu,
  SlowDownloadNote,
  type PreparableFile,
} from '@/features/prepared-files'

interface AuditExportsProps {
  auditId: string
  /** How many requests the audit has (unknown while its counts load). */
  requests: number | undefined
}

const preparable = (auditId: string): PreparableFile[] => [
  {
    input: { kind: 'audit.xlsx', auditId },
    label: 'Prepare Excel file and notify me',
    icon: FileSpreadsheet,
  },
  {
    input: { kind: 'audit.csv', auditId },
    label: 'Prepare CSV file and notify me',
    icon: FileSpreadsheet,
  },
  {
    input: { kind: 'audit.pdf', auditId },
    label: 'Prepare status report (PDF) and notify me',
    icon: FileText,
  },
  {
    input: { kind: 'audit.zip', auditId },
    label: 'Prepare accepted files (ZIP) and notify me',
    icon: FileArchive,
  },
]

const largeAudit = (requests: number) => `This audit has ${countOf(requests, 'request')}`

/**
 * The request tracker as an Excel workbook or CSV, the status report (PDF), and the accepted
 * versions' files as a ZIP, each to download now or to have prepared in the background. A large
 * audit offers preparing first: its direct downloads may take a while.
 */
export function AuditExports({ auditId, requests }: AuditExportsProps) {
  const noteId = useId()
  const large = isLarge('auditRequests', requests)
  const describedBy = large ? noteId : undefined
  const params = { id: auditId }
  const prepare = <PrepareFileMenu files={preparable(auditId)} describedBy={describedBy} />
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {large ? prepare : null}
        <Button asChild variant="outline" size="sm">
          <a href={urlOf(filesApi.exportXlsx, { params })} download aria-describedby={describedBy}>
            <FileSpreadsheet aria-hidden="true" />
            Export Excel
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={urlOf(filesApi.exportCsv, { params })} download aria-describedby={describedBy}>
            <FileSpreadsheet aria-hidden="true" />
            Export CSV
          </a>
        </Button>
        <StatusReportLink auditId={auditId} describedBy={describedBy} />
        <Button asChild variant="outline" size="sm">
          <a href={urlOf(filesApi.exportZip, { params })} download aria-describedby={describedBy}>
            <FileArchive aria-hidden="true" />
            Download accepted files (ZIP)
          </a>
        </Button>
        {large ? null : prepare}
      </div>
      {large ? <SlowDownloadNote id={noteId} size={largeAudit(requests!)} /> : null}
    </div>
  )
}

/**
 * The client's side of the exports: the audit's status report (PDF), and for a large audit,
 * preparing it in the background first.
 */
export function ClientAuditExports({ auditId, requests }: AuditExportsProps) {
  const noteId = useId()
  if (!isLarge('auditRequests', requests)) return <StatusReportLink auditId={auditId} />
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <PrepareFileButton input={{ kind: 'audit.pdf', auditId }} describedBy={noteId}>
          Prepare status report and notify me
        </PrepareFileButton>
        <StatusReportLink auditId={auditId} describedBy={noteId} />
      </div>
      <SlowDownloadNote id={noteId} size={largeAudit(requests!)} />
    </div>
  )
}

/** The audit's status report for its client (PDF): the firm's and the client's alike. */
export function StatusReportLink({
  auditId,
  describedBy,
}: {
  auditId: string
  describedBy?: string
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={urlOf(reportsApi.auditPdf, { params: { id: auditId } })}
        download
        aria-describedby={describedBy}
      >
        <FileText aria-hidden="true" />
        Status report (PDF)
      </a>
    </Button>
  )
}

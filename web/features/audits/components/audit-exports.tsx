import { reportsApi } from '@shared/api/reports'
import { filesApi } from '@shared/api/requests'
import { FileArchive, FileSpreadsheet, FileText } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { urlOf } from '@/lib/api'

/**
 * The request tracker as an Excel workbook or CSV, the status report (PDF), and the accepted
 * versions' files as a ZIP.
 */
export function AuditExports({ auditId }: { auditId: string }) {
  const params = { id: auditId }
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={urlOf(filesApi.exportXlsx, { params })} download>
          <FileSpreadsheet aria-hidden="true" />
          Export Excel
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={urlOf(filesApi.exportCsv, { params })} download>
          <FileSpreadsheet aria-hidden="true" />
          Export CSV
        </a>
      </Button>
      <StatusReportLink auditId={auditId} />
      <Button asChild variant="outline" size="sm">
        <a href={urlOf(filesApi.exportZip, { params })} download>
          <FileArchive aria-hidden="true" />
          Download accepted files (ZIP)
        </a>
      </Button>
    </div>
  )
}

/** The audit's status report for its client (PDF): the firm's and the client's alike. */
export function StatusReportLink({ auditId }: { auditId: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={urlOf(reportsApi.auditPdf, { params: { id: auditId } })} download>
        <FileText aria-hidden="true" />
        Status report (PDF)
      </a>
    </Button>
  )
}

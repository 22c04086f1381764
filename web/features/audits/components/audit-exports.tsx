import { filesApi } from '@shared/api/requests'
import { FileArchive, FileSpreadsheet } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { urlOf } from '@/lib/api'

/** The request tracker as an Excel workbook or CSV, and the accepted versions' files as a ZIP. */
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
      <Button asChild variant="outline" size="sm">
        <a href={urlOf(filesApi.exportZip, { params })} download>
          <FileArchive aria-hidden="true" />
          Download accepted files (ZIP)
        </a>
      </Button>
    </div>
  )
}

import { reportsApi } from '@shared/api/reports'
import { FileSpreadsheet } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { urlOf, type CallInput } from '@/lib/api'

type PortfolioFileQuery = NonNullable<CallInput<typeof reportsApi.portfolioXlsx>['query']>

/** The portfolio as filtered, every matching audit (not only the pages read), as a file. */
export function PortfolioExports({ query }: { query: PortfolioFileQuery }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={urlOf(reportsApi.portfolioXlsx, { query })} download>
          <FileSpreadsheet aria-hidden="true" />
          Export Excel
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={urlOf(reportsApi.portfolioCsv, { query })} download>
          <FileSpreadsheet aria-hidden="true" />
          Export CSV
        </a>
      </Button>
    </div>
  )
}

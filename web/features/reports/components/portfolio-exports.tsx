import { reportsApi } from '@shared/api/reports'
import { portfolioFileQuery } from '@shared/schemas/reports'
import { FileSpreadsheet } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { urlOf, type CallInput } from '@/lib/api'
import { countOf } from '@/lib/plural'
import {
  isLarge,
  PrepareFileMenu,
  SlowDownloadNote,
  type PreparableFile,
} from '@/features/prepared-files'

type PortfolioFileQuery = NonNullable<CallInput<typeof reportsApi.portfolioXlsx>['query']>

const FILE_QUERY_KEYS: ReadonlySet<string> = new Set(Object.keys(portfolioFileQuery.shape))

/**
 * The files' query as a prepared file's `filter`: the same keys (no page's limit or cursor), each
 * as the text the address would carry.
 */
export function preparedFilter(query: PortfolioFileQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) =>
      FILE_QUERY_KEYS.has(key) && value !== undefined && value !== null
        ? [[key, String(value)]]
        : [],
    ),
  )
}

/**
 * The portfolio as filtered, every matching audit (not only the pages read), as a file: to
 * download now or to have prepared in the background. Past a few hundred audits, preparing comes
 * first: a direct download may take a while.
 */
export function PortfolioExports({
  query,
  audits,
}: {
  query: PortfolioFileQuery
  /** How many audits the filter matches (unknown while the first page loads). */
  audits: number | undefined
}) {
  const noteId = useId()
  const large = isLarge('portfolioAudits', audits)
  const describedBy = large ? noteId : undefined
  const filter = preparedFilter(query)
  const files: PreparableFile[] = [
    {
      input: { kind: 'portfolio.xlsx', filter },
      label: 'Prepare Excel file and notify me',
      icon: FileSpreadsheet,
    },
    {
      input: { kind: 'portfolio.csv', filter },
      label: 'Prepare CSV file and notify me',
      icon: FileSpreadsheet,
    },
  ]
  const prepare = <PrepareFileMenu files={files} describedBy={describedBy} />
  return (
    <div className="grid gap-2 sm:max-w-md sm:justify-items-end">
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {large ? prepare : null}
        <Button asChild variant="outline" size="sm">
          <a
            href={urlOf(reportsApi.portfolioXlsx, { query })}
            download
            aria-describedby={describedBy}
          >
            <FileSpreadsheet aria-hidden="true" />
            Export Excel
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a
            href={urlOf(reportsApi.portfolioCsv, { query })}
            download
            aria-describedby={describedBy}
          >
            <FileSpreadsheet aria-hidden="true" />
            Export CSV
          </a>
        </Button>
        {large ? null : prepare}
      </div>
      {large ? (
        <SlowDownloadNote id={noteId} size={`This view has ${countOf(audits!, 'audit')}`} />
      ) : null}
    </div>
  )
}

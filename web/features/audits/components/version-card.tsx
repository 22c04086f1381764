import type { RequestVersion } from '@shared/schemas/requests'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { Card } from '@/components/ui/card'
import { FileList } from './file-list'

/** One answer: its response, its files and, when it came back, why. */
export function VersionCard({ version }: { version: RequestVersion }) {
  return (
    <Card className="grid gap-2 p-4">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">Version {version.number}</span>
        {version.submittedAt ? (
          <span className="text-muted-foreground">
            submitted{version.submittedBy ? ` by ${version.submittedBy}` : ''}{' '}
            <time dateTime={version.submittedAt} title={formatDateTime(version.submittedAt)}>
              {formatRelativeTime(version.submittedAt)}
            </time>
          </span>
        ) : (
          <span className="text-muted-foreground">not submitted</span>
        )}
      </p>
      {version.response ? (
        <p className="text-sm break-words whitespace-pre-line">{version.response}</p>
      ) : (
        <p className="text-sm text-muted-foreground">No written response.</p>
      )}
      {version.files.length > 0 ? (
        <FileList files={version.files} label={`Files of version ${version.number}`} />
      ) : (
        <p className="text-sm text-muted-foreground">No files.</p>
      )}
      {version.returnedReason ? (
        <div className="grid gap-1 rounded-md border border-warning/60 bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          <p className="font-medium">
            Returned{version.returnedBy ? ` by ${version.returnedBy}` : ''}
            {version.returnedAt ? (
              <>
                {' '}
                <time dateTime={version.returnedAt} title={formatDateTime(version.returnedAt)}>
                  {formatRelativeTime(version.returnedAt)}
                </time>
              </>
            ) : null}
          </p>
          <p className="whitespace-pre-line">{version.returnedReason}</p>
        </div>
      ) : null}
    </Card>
  )
}

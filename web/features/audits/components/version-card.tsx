import { answerText, signatureTime, type Signature } from '@shared/schemas/answers'
import type { RequestVersion } from '@shared/schemas/requests'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { Card } from '@/components/ui/card'
import { FileList } from './file-list'

/** One answer: its typed answer or signature, its response, its files and, when it came back, why. */
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
      {version.signature ? (
        <SignatureBlock signature={version.signature} />
      ) : version.answer !== null ? (
        <p className="text-base font-semibold break-words">
          <span className="sr-only">Answer: </span>
          {answerText(version.answerType, version.answer)}
        </p>
      ) : null}
      {version.response ? (
        <p className="text-sm break-words whitespace-pre-line">{version.response}</p>
      ) : version.answerType === 'text' ? (
        <p className="text-sm text-muted-foreground">No written response.</p>
      ) : null}
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

/** What an acknowledgement's signature recorded, for the firm's file and the client's. */
function SignatureBlock({ signature }: { signature: Signature }) {
  const rows: Array<[string, string]> = [
    ['Signed in as', signature.signedBy],
    ['Signed at', signatureTime(signature.signedAt)],
    ['IP address', signature.ipAddress],
    ['Browser', signature.userAgent ?? 'Not sent'],
    ['Statement SHA-256', signature.statementSha256],
    ...signature.documents.map((document): [string, string] => [
      `${document.fileName} SHA-256`,
      document.sha256,
    ]),
  ]
  return (
    <section
      aria-label="Signature"
      className="grid gap-2 rounded-md border-l-4 border-primary bg-muted/40 p-3 text-sm"
    >
      <p>
        Signed by typing{' '}
        <span className="font-serif text-base font-semibold italic">{signature.typedName}</span>
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value], index) => (
          <div key={index} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd
              className={
                term.endsWith('SHA-256') || term === 'IP address'
                  ? 'font-mono text-xs break-all'
                  : 'break-words'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

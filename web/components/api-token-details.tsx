import type { ApiTokenDto } from '@shared/schemas/api-tokens'
import { Badge } from '@/components/ui/badge'
import { formatDate, formatDateTime, formatRelativeTime } from '@/lib/dates'

const isExpired = (token: ApiTokenDto, now = Date.now()) =>
  new Date(token.expiresAt).getTime() <= now

/** What an API token may do, and whether it still works. */
export function ApiTokenScopeBadge({ token }: { token: ApiTokenDto }) {
  return (
    <>
      <Badge variant="neutral">
        {token.scopes.includes('write') ? 'Read and write' : 'Read only'}
      </Badge>
      {isExpired(token) ? <Badge variant="destructive">Expired</Badge> : null}
    </>
  )
}

/** The token's first characters and its dates: made, ends, last used. */
export function ApiTokenDates({ token }: { token: ApiTokenDto }) {
  return (
    <p className="text-sm text-muted-foreground">
      <code className="font-mono text-xs">{token.hint}…</code>
      {' · Created '}
      <time dateTime={token.createdAt} title={formatDateTime(token.createdAt)}>
        {formatDate(token.createdAt)}
      </time>
      {isExpired(token) ? ' · Expired ' : ' · Expires '}
      <time dateTime={token.expiresAt} title={formatDateTime(token.expiresAt)}>
        {formatDate(token.expiresAt)}
      </time>
      {' · '}
      {token.lastUsedAt ? (
        <>
          Last used{' '}
          <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
            {formatRelativeTime(token.lastUsedAt)}
          </time>
        </>
      ) : (
        'Never used'
      )}
    </p>
  )
}

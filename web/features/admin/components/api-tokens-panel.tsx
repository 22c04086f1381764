import type { CompanyApiTokenDto } from '@shared/schemas/api-tokens'
import { useQuery } from '@tanstack/react-query'
import { ApiTokenDates, ApiTokenScopeBadge } from '@/components/api-token-details'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { apiTokenQueries } from '@/lib/queries/api-tokens'
import { toast } from '@/lib/toast'
import { useRevokeCompanyApiToken } from '../api/api-tokens'
import { PanelHeader } from './panel-header'
import { RoleBadge } from './role-badge'

/** Admin Settings → Integrations: every API token of the company, whose it is, and revoking it. */
export function ApiTokensPanel() {
  const tokens = useQuery(apiTokenQueries.company())
  return (
    <section aria-labelledby="company-api-tokens-heading" className="grid gap-4">
      <PanelHeader
        id="company-api-tokens-heading"
        title="API tokens"
        count={tokens.data?.length}
        description="Tokens your people made for scripts and other systems. Each acts as its owner, with their role; revoke any you do not expect."
      />
      <ListSection
        query={tokens}
        loading={<ListSkeleton label="Loading API tokens..." rows={2} rowClassName="h-16" />}
        errorTitle="Could not load the company’s API tokens"
        empty={<p className="text-sm text-muted-foreground">Nobody has made an API token.</p>}
      >
        {(list) => (
          <ul aria-label="Company API tokens" className="divide-y rounded-md border">
            {list.map((token) => (
              <CompanyTokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </ListSection>
    </section>
  )
}

function CompanyTokenRow({ token }: { token: CompanyApiTokenDto }) {
  const revoke = useRevokeCompanyApiToken()
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="wrap-anywhere">{token.name}</span>
          <ApiTokenScopeBadge token={token} />
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="wrap-anywhere">
            {token.owner.name} <span className="text-muted-foreground">({token.owner.email})</span>
          </span>
          <RoleBadge role={token.owner.role} />
        </p>
        <ApiTokenDates token={token} />
      </div>
      <ConfirmDialog
        triggerLabel="Revoke"
        triggerContext={`${token.name} of ${token.owner.name}`}
        title="Revoke API Token"
        description={`“${token.name}” of ${token.owner.name} stops working at once: whatever uses it is refused from its next call.`}
        confirmLabel="Revoke Token"
        pendingLabel="Revoking..."
        failureTitle="Failed to revoke the token"
        onConfirm={() =>
          revoke.mutateAsync(token.id).then(() => toast({ title: 'API token revoked' }))
        }
      />
    </li>
  )
}

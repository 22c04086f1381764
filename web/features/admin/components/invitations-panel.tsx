import type { Invitation } from '@shared/schemas/invitations'
import { useInfiniteQuery } from '@tanstack/react-query'
import { MailPlus, Send } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDate, formatDateTime } from '@/lib/dates'
import { invitationQueries } from '@/lib/queries/administration'
import { InviteUserDialog } from './invite-user-dialog'
import { pagedCount } from '@/components/paged/paged-count'
import { PanelHeader } from './panel-header'
import { ResendInvitationButton } from './resend-invitation-button'
import { RevokeInvitationDialog } from './revoke-invitation-dialog'
import { RoleWithClient } from './role-badge'
import { Cell, Row, RowList, RowListSkeleton } from './row-list'

const GRID = 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_12rem]'

export function InvitationsPanel() {
  const invitations = useInfiniteQuery(invitationQueries.list())

  return (
    <section aria-labelledby="invitations-heading" className="grid gap-4">
      <PanelHeader
        id="invitations-heading"
        title="Pending invitations"
        count={pagedCount(invitations)}
        description="Invitations not accepted yet. Each link is valid for 7 days; resending mails a new one."
        action={
          <InviteUserDialog
            trigger={
              <Button>
                <MailPlus aria-hidden="true" />
                Invite user
              </Button>
            }
          />
        }
      />
      <ListSection
        query={invitations}
        loading={<RowListSkeleton label="Loading invitations..." />}
        errorTitle="Could not load invitations"
        empty={
          <EmptyState icon={Send} title="No pending invitations">
            Click &apos;Invite user&apos; to invite a colleague as an admin or a staff member, or
            someone at one of your clients as a client user.
          </EmptyState>
        }
        loadMoreLabel="Load more invitations"
        className="gap-4"
      >
        {(list) => (
          <RowList
            label="Pending invitations"
            columns={['Email', 'Role', 'Sent', 'Expires', 'Actions']}
            gridClassName={GRID}
          >
            {list.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </RowList>
        )}
      </ListSection>
    </section>
  )
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const expired = invitation.status === 'expired'

  return (
    <Row gridClassName={GRID}>
      <Cell label="Email" className="col-span-2 lg:col-span-1">
        <span className="font-medium [overflow-wrap:anywhere]">{invitation.email}</span>
      </Cell>
      <Cell label="Role" className="col-span-2 lg:col-span-1">
        <RoleWithClient role={invitation.role} clientName={invitation.clientName} />
      </Cell>
      <Cell label="Sent">
        <time
          dateTime={invitation.sentAt}
          title={formatDateTime(invitation.sentAt)}
          className="tabular-nums"
        >
          {formatDate(invitation.sentAt)}
        </time>
        {invitation.invitedBy ? (
          <span className="block text-xs text-muted-foreground">by {invitation.invitedBy}</span>
        ) : null}
      </Cell>
      <Cell label="Expires">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
          <time
            dateTime={invitation.expiresAt}
            title={formatDateTime(invitation.expiresAt)}
            className={expired ? 'text-muted-foreground tabular-nums' : 'tabular-nums'}
          >
            {formatDate(invitation.expiresAt)}
          </time>
        </div>
      </Cell>
      <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-1 lg:justify-end">
        <ResendInvitationButton invitation={invitation} />
        <RevokeInvitationDialog invitation={invitation} />
      </div>
    </Row>
  )
}

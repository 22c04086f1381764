import { fullName } from '@shared/format'
import type { Invitation } from '@shared/schemas/invitations'
import type { User } from '@shared/schemas/users'
import { useInfiniteQuery } from '@tanstack/react-query'
import { MailPlus, Users } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { ListSection, ListSkeleton, listReadFailed } from '@/components/list-section'
import { LoadMore } from '@/components/paged/load-more'
import { pagedCount } from '@/components/paged/paged-count'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatDate, formatDateTime } from '@/lib/dates'
import { invitationQueries, userQueries } from '@/lib/queries/administration'
import {
  InviteUserDialog,
  ResendInvitationButton,
  RevokeInvitationDialog,
  RoleBadge,
} from '@/features/admin'

/**
 * The client's contacts: its users, and the invitations to join it not accepted yet, with
 * "Invite contact". The users and invitations routes are the admins' (company.manage): the
 * page shows this section to them only.
 */
export function ClientContacts({ clientId, clientName }: { clientId: string; clientName: string }) {
  const users = useInfiniteQuery(userQueries.list({ clientId }))
  const invitations = useInfiniteQuery(invitationQueries.list({ clientId }))
  // One section for both lists: it loads until both are read, and fails when either does.
  const failed = [users, invitations].find(listReadFailed)
  const lists = {
    isPending: !failed && (users.isPending || invitations.isPending),
    isError: failed !== undefined,
    isFetching: failed?.isFetching ?? false,
    error: failed?.error,
    refetch: () => failed?.refetch(),
    data:
      users.data && invitations.data
        ? { contacts: users.data, pending: invitations.data }
        : undefined,
  }

  return (
    <section aria-labelledby="contacts-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="contacts-heading" className="flex items-center gap-2 text-lg font-semibold">
          Contacts
          {users.isSuccess ? (
            <Badge variant="secondary" className="tabular-nums">
              {pagedCount(users)}
            </Badge>
          ) : null}
        </h2>
        <InviteUserDialog
          client={{ id: clientId, name: clientName }}
          trigger={
            <Button variant="outline">
              <MailPlus aria-hidden="true" />
              Invite contact
            </Button>
          }
        />
      </div>
      <ListSection
        query={lists}
        loading={
          <ListSkeleton
            label="Loading contacts..."
            rows={2}
            rowClassName="h-16 rounded-lg"
            className="gap-2"
          />
        }
        errorTitle="Could not load contacts"
        isEmpty={({ contacts, pending }) => contacts.length === 0 && pending.length === 0}
        empty={
          <EmptyState icon={Users} title="No contacts yet">
            Click &apos;Invite contact&apos; to invite someone at this client: they will see its
            projects and audits and answer the requests sent to them.
          </EmptyState>
        }
      >
        {({ contacts, pending }) => (
          <Card className="grid gap-0 divide-y p-0">
            {contacts.length > 0 ? (
              <div className="grid">
                <ul aria-label="Contacts" className="divide-y">
                  {contacts.map((user) => (
                    <ContactRow key={user.id} user={user} />
                  ))}
                </ul>
                <LoadMore list={users} label="Load more contacts" />
              </div>
            ) : null}
            {pending.length > 0 ? (
              <div className="grid">
                <h3 className="px-4 pt-3 text-sm font-medium text-muted-foreground">
                  Pending invitations
                </h3>
                <ul aria-label="Pending invitations" className="divide-y">
                  {pending.map((invitation) => (
                    <InvitationRow key={invitation.id} invitation={invitation} />
                  ))}
                </ul>
                <LoadMore list={invitations} label="Load more invitations" />
              </div>
            ) : null}
          </Card>
        )}
      </ListSection>
    </section>
  )
}

function ContactRow({ user }: { user: User }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium break-words">{fullName(user)}</p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
      </div>
      <RoleBadge role={user.role} />
    </li>
  )
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const expired = invitation.status === 'expired'
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium [overflow-wrap:anywhere]">{invitation.email}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <RoleBadge role={invitation.role} />
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
          <span>
            {expired ? null : 'Expires '}
            <time
              dateTime={invitation.expiresAt}
              title={formatDateTime(invitation.expiresAt)}
              className="tabular-nums"
            >
              {formatDate(invitation.expiresAt)}
            </time>
          </span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <ResendInvitationButton invitation={invitation} />
        <RevokeInvitationDialog invitation={invitation} />
      </div>
    </li>
  )
}

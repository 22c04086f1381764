import { fullName } from '@shared/format'
import type { User } from '@shared/schemas/users'
import { useInfiniteQuery } from '@tanstack/react-query'
import { ShieldCheck, UserPlus, Users } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { userQueries } from '@/lib/queries/administration'
import { useSession } from '@/lib/session'
import { ChangeRoleDialog } from './change-role-dialog'
import { InviteUserDialog } from './invite-user-dialog'
import { RemoveUserDialog } from './remove-user-dialog'
import { RoleWithClient } from './role-badge'
import { Cell, Row, RowListFrame, RowListSkeleton } from './row-list'
import { pagedCount } from '@/components/paged/paged-count'
import { VirtualList } from '@/components/paged/virtual-list'
import { PanelHeader } from './panel-header'

// Each row is its own grid: fixed tracks keep the columns aligned with the header.
const GRID = 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_15rem]'

export function UsersPanel() {
  const users = useInfiniteQuery(userQueries.list())
  const me = useSession()

  return (
    <section aria-labelledby="users-heading" className="grid gap-4">
      <PanelHeader
        id="users-heading"
        title="Users"
        count={pagedCount(users)}
        description={`Everyone who can sign in to ${me.company.name}. New users join by invitation.`}
        action={
          <InviteUserDialog
            trigger={
              <Button>
                <UserPlus aria-hidden="true" />
                Add user
              </Button>
            }
          />
        }
      />
      <ListSection
        query={users}
        loading={<RowListSkeleton label="Loading users..." />}
        errorTitle="Could not load users"
        empty={
          <EmptyState icon={Users}>
            No users yet. Click &apos;Add user&apos; to invite one.
          </EmptyState>
        }
        loadMoreLabel="Load more users"
      >
        {(list) => (
          <RowListFrame columns={['User', 'Role', 'Last sign-in', 'Actions']} gridClassName={GRID}>
            <VirtualList
              label="Users"
              items={list}
              getKey={(user) => user.id}
              renderItem={(user) => <UserRow user={user} isMe={user.id === me.id} />}
              estimateRowHeight={73}
              gap="none"
            />
          </RowListFrame>
        )}
      </ListSection>
    </section>
  )
}

function UserRow({ user, isMe }: { user: User; isMe: boolean }) {
  const name = fullName(user)
  return (
    <Row as="div" gridClassName={GRID} className="border-b">
      <div className="col-span-2 grid min-w-0 gap-0.5 lg:col-span-1">
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{name}</span>
          {isMe ? <Badge variant="neutral">You</Badge> : null}
          {user.mfaEnabled ? (
            <Badge variant="success" title="Signs in with a code from an authenticator app">
              <ShieldCheck aria-hidden="true" className="size-3" />
              Two-factor
            </Badge>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
      </div>
      <Cell label="Role">
        <RoleWithClient role={user.role} clientName={user.clientName} />
      </Cell>
      <Cell label="Last sign-in">
        {user.lastLoginAt ? (
          <time
            dateTime={user.lastLoginAt}
            title={formatDateTime(user.lastLoginAt)}
            className="tabular-nums"
          >
            {formatRelativeTime(user.lastLoginAt)}
          </time>
        ) : (
          <span className="text-muted-foreground">Never</span>
        )}
      </Cell>
      <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-1 lg:justify-end">
        {isMe ? (
          <p className="text-sm text-muted-foreground lg:text-right">
            You can&apos;t change your own role or remove yourself.
          </p>
        ) : (
          <>
            <ChangeRoleDialog
              user={user}
              trigger={
                <Button variant="outline" size="sm">
                  Change role<span className="sr-only"> of {name}</span>
                </Button>
              }
            />
            <RemoveUserDialog user={user} />
          </>
        )}
      </div>
    </Row>
  )
}

import type { Session } from '@shared/schemas/auth'
import { useQuery } from '@tanstack/react-query'
import { Laptop, MonitorSmartphone } from 'lucide-react'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { Badge } from '@/components/ui/badge'
import { PendingButton } from '@/components/ui/pending-button'
import { formatDate, formatDateTime, formatRelativeTime } from '@/lib/dates'
import { toastFailure } from '@/lib/mutation-feedback'
import { sessionQueries } from '@/lib/queries/administration'
import { toast } from '@/lib/toast'
import { useRevokeOtherSessions } from '../api/revoke-other-sessions'
import { useRevokeSession } from '../api/revoke-session'
import { deviceLabel } from '../lib/device-label'
import { SettingsSection } from './settings-section'

export function SessionsSection() {
  const sessions = useQuery(sessionQueries.list())
  const revokeOthers = useRevokeOtherSessions()
  const others = sessions.data?.filter((session) => !session.current) ?? []

  const onRevokeOthers = () => {
    revokeOthers.mutateAsync().then(
      ({ revoked }) =>
        toast({
          title: 'Signed out everywhere else',
          description:
            revoked === 1
              ? 'One other session was signed out.'
              : `${revoked} other sessions were signed out.`,
        }),
      (error: unknown) => toastFailure('Failed to sign out other sessions', error),
    )
  }

  return (
    <SettingsSection
      id="sessions-heading"
      title="Sessions"
      description="The devices where you are signed in. Sign out any you don't recognise."
      action={
        <PendingButton
          variant="outline"
          pending={revokeOthers.isPending}
          pendingLabel="Signing out..."
          disabled={others.length === 0}
          onClick={onRevokeOthers}
        >
          Sign out everywhere else
        </PendingButton>
      }
    >
      <ListSection
        query={sessions}
        loading={<ListSkeleton label="Loading sessions..." rows={2} rowClassName="h-16" />}
        errorTitle="Could not load your sessions"
      >
        {(list) => (
          <>
            <ul aria-label="Active sessions" className="divide-y rounded-md border">
              {list.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            {others.length === 0 ? (
              <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
            ) : null}
          </>
        )}
      </ListSection>
    </SettingsSection>
  )
}

function SessionRow({ session }: { session: Session }) {
  const revoke = useRevokeSession()
  const label = deviceLabel(session.userAgent)
  const Icon = session.current ? Laptop : MonitorSmartphone

  const onRevoke = () => {
    revoke.mutateAsync(session.id).then(
      () => toast({ title: 'Session signed out', description: `${label} is signed out.` }),
      (error: unknown) => toastFailure('Failed to sign out session', error),
    )
  }

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span title={session.userAgent ?? undefined}>{label}</span>
            {session.current ? <Badge variant="success">This device</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.ip ? <span className="tabular-nums">{session.ip} · </span> : null}
            {session.current ? (
              'Active now'
            ) : (
              <>
                Last seen{' '}
                <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                  {formatRelativeTime(session.lastSeenAt)}
                </time>
              </>
            )}
            {' · '}Signed in{' '}
            <time dateTime={session.createdAt} title={formatDateTime(session.createdAt)}>
              {formatDate(session.createdAt)}
            </time>
          </p>
        </div>
      </div>
      {session.current ? null : (
        <PendingButton
          variant="outline"
          size="sm"
          className="w-fit shrink-0"
          pending={revoke.isPending}
          pendingLabel="Signing out..."
          onClick={onRevoke}
        >
          Sign out
          <span className="sr-only">
            {' '}
            {label}, last seen {formatRelativeTime(session.lastSeenAt)}
          </span>
        </PendingButton>
      )}
    </li>
  )
}

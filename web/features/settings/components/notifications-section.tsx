import { zodResolver } from '@hookform/resolvers/zod'
import {
  EMAIL_ONLY_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_SIDE,
  updateNotificationPreferencesInput,
  type NotificationKind,
  type NotificationPreferences,
  type UpdateNotificationPreferencesInput,
} from '@shared/schemas/reminders'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { QueryErrorState } from '@/components/error-state'
import { PendingButton } from '@/components/ui/pending-button'
import { Skeleton } from '@/components/ui/skeleton'
import { toastFailure } from '@/lib/mutation-feedback'
import { notificationPreferenceQueries } from '@/lib/queries/reminders'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences'
import { SettingsSection } from './settings-section'

type PreferencesFormValues = z.input<typeof updateNotificationPreferencesInput>
type PreferencesFormOutput = z.output<typeof updateNotificationPreferencesInput>

const CHANNELS = [
  { key: 'inApp', label: 'In the app' },
  { key: 'email', label: 'By e-mail' },
] as const

const emailOnly = (kind: NotificationKind) => EMAIL_ONLY_KINDS.includes(kind)

/** The kinds that can reach the signed-in user: a client user's side, or the firm's. */
function useOwnKinds(): readonly NotificationKind[] {
  return NOTIFICATION_KINDS_BY_SIDE[useSession().role === 'client' ? 'client' : 'firm']
}

/** Only what differs from the saved preferences: the rest stays as it is on the server. */
function changesFrom(
  kinds: readonly NotificationKind[],
  saved: NotificationPreferences,
  values: PreferencesFormOutput,
): UpdateNotificationPreferencesInput {
  const changes: UpdateNotificationPreferencesInput = {}
  for (const kind of kinds) {
    const channels: { inApp?: boolean; email?: boolean } = {}
    for (const { key } of CHANNELS) {
      if (key === 'inApp' && emailOnly(kind)) continue
      const value = values[kind]?.[key]
      if (value !== undefined && value !== saved[kind][key]) channels[key] = value
    }
    if (Object.keys(channels).length > 0) changes[kind] = channels
  }
  return changes
}

export function NotificationsSection() {
  const kinds = useOwnKinds()
  const preferences = useQuery(notificationPreferenceQueries.get())
  return (
    <SettingsSection
      id="notifications-heading"
      title="Notifications"
      description={`What you are told of, in the app and by e-mail. ${
        kinds.includes('reminders') ? 'Reminders and summaries come' : 'Summaries come'
      } by e-mail only.`}
    >
      {preferences.isPending ? (
        <div role="status">
          <span className="sr-only">Loading notification settings...</span>
          <div aria-hidden="true" className="grid gap-2">
            {kinds.map((kind) => (
              <Skeleton key={kind} className="h-9 w-full" />
            ))}
            <Skeleton className="mt-2 h-10 w-48 justify-self-end" />
          </div>
        </div>
      ) : preferences.isError ? (
        <QueryErrorState title="Could not load your notification settings" query={preferences} />
      ) : (
        <NotificationsForm kinds={kinds} preferences={preferences.data} />
      )}
    </SettingsSection>
  )
}

function NotificationsForm({
  kinds,
  preferences,
}: {
  kinds: readonly NotificationKind[]
  preferences: NotificationPreferences
}) {
  const id = useId()
  const update = useUpdateNotificationPreferences()
  const form = useForm<PreferencesFormValues, unknown, PreferencesFormOutput>({
    resolver: zodResolver(updateNotificationPreferencesInput),
    defaultValues: preferences,
  })

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(changesFrom(kinds, preferences, values))
      form.reset(saved)
      toast({ title: 'Notification settings saved' })
    } catch (error) {
      toastFailure('Failed to save notification settings', error)
    }
  })

  const columnId = (key: string) => `${id}-${key}`
  const rowId = (kind: NotificationKind) => `${id}-${kind}`

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <caption className="sr-only">Notifications, in the app and by e-mail</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-3 text-left font-medium">
                Notification
              </th>
              {CHANNELS.map(({ key, label }) => (
                <th
                  key={key}
                  id={columnId(key)}
                  scope="col"
                  className="w-20 p-3 text-center font-medium sm:w-28"
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {kinds.map((kind) => (
              <tr key={kind}>
                <th id={rowId(kind)} scope="row" className="p-3 text-left font-normal">
                  {NOTIFICATION_KIND_LABELS[kind]}
                </th>
                {CHANNELS.map(({ key }) => (
                  <td key={key} className="p-3 text-center">
                    {key === 'inApp' && emailOnly(kind) ? (
                      <span className="text-xs text-muted-foreground">E-mail only</span>
                    ) : (
                      <input
                        type="checkbox"
                        className="size-4 cursor-pointer align-middle accent-primary"
                        aria-labelledby={`${rowId(kind)} ${columnId(key)}`}
                        {...form.register(`${kind}.${key}`)}
                      />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end">
        <PendingButton type="submit" pending={update.isPending} pendingLabel="Saving...">
          Save notifications
        </PendingButton>
      </div>
    </form>
  )
}

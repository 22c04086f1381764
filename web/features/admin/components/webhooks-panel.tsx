import { zodResolver } from '@hookform/resolvers/zod'
import {
  createWebhookInput,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEventType,
} from '@shared/schemas/webhooks'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { LoadMore } from '@/components/paged/load-more'
import { SecretShownOnce } from '@/components/secret-shown-once'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { formatDate, formatDateTime, formatRelativeTime } from '@/lib/dates'
import { useReturnFocus } from '@/lib/focus'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRetryDelivery,
  useUpdateWebhook,
  webhookQueries,
} from '../api/webhooks'
import { PanelHeader } from './panel-header'

/** The events a hook may hear, in the words of the form, grouped as people think of them. */
const EVENT_GROUPS: { title: string; events: [WebhookEventType, string][] }[] = [
  {
    title: 'Requests',
    events: [
      ['request.sent', 'Sent to the client'],
      ['request.submitted', 'Submitted by the client'],
      ['request.accepted', 'Accepted'],
      ['request.returned', 'Returned to the client'],
      ['request.not_applicable', 'Marked not applicable'],
      ['request.reopened', 'Reopened'],
      ['request.created', 'Drafted'],
      ['request.updated', 'Edited'],
      ['request.deleted', 'Deleted'],
    ],
  },
  {
    title: 'Discussion and files',
    events: [
      ['comment.created', 'Comment or question'],
      ['internal_note.created', 'Internal note (the firm’s only)'],
      ['file.uploaded', 'File uploaded'],
      ['file.removed', 'File removed'],
    ],
  },
  {
    title: 'Audits',
    events: [
      ['audit.created', 'Created'],
      ['audit.completed', 'Completed'],
      ['audit.reopened', 'Reopened'],
      ['audit.deleted', 'Deleted'],
    ],
  },
]

type FormValues = z.input<typeof createWebhookInput>
type FormOutput = z.output<typeof createWebhookInput>
const FIELDS = ['url', 'events', 'description'] as const

/** Admin Settings → Integrations: the company's webhooks, their deliveries, and adding one. */
export function WebhooksPanel() {
  const hooks = useQuery(webhookQueries.list())
  const [open, setOpen] = useState<
    { kind: 'add' } | { kind: 'edit' | 'deliveries'; hook: WebhookDto } | null
  >(null)
  const returnFocus = useReturnFocus()
  const show = (dialog: NonNullable<typeof open>) => {
    returnFocus.remember()
    setOpen(dialog)
  }

  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-4">
      <PanelHeader
        id="webhooks-heading"
        title="Webhooks"
        count={hooks.data?.length}
        description="Tell your other systems, within seconds, when something happens here: each event is posted to your address, signed (Standard Webhooks)."
        action={
          <Button variant="outline" onClick={() => show({ kind: 'add' })}>
            Add Webhook
          </Button>
        }
      />
      <ListSection
        query={hooks}
        loading={<ListSkeleton label="Loading webhooks..." rows={2} rowClassName="h-16" />}
        errorTitle="Could not load the webhooks"
        empty={<p className="text-sm text-muted-foreground">No webhooks yet.</p>}
      >
        {(list) => (
          <ul aria-label="Webhooks" className="divide-y rounded-md border">
            {list.map((hook) => (
              <WebhookRow
                key={hook.id}
                hook={hook}
                onEdit={() => show({ kind: 'edit', hook })}
                onDeliveries={() => show({ kind: 'deliveries', hook })}
              />
            ))}
          </ul>
        )}
      </ListSection>

      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        <DialogContent
          className={open?.kind === 'deliveries' ? 'sm:max-w-2xl' : undefined}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          {open?.kind === 'add' ? (
            <WebhookEditor onDone={() => setOpen(null)} />
          ) : open?.kind === 'edit' ? (
            <WebhookEditor hook={open.hook} onDone={() => setOpen(null)} />
          ) : open?.kind === 'deliveries' ? (
            <Deliveries hook={open.hook} />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  )
}

function WebhookRow({
  hook,
  onEdit,
  onDeliveries,
}: {
  hook: WebhookDto
  onEdit: () => void
  onDeliveries: () => void
}) {
  const update = useUpdateWebhook()
  const remove = useDeleteWebhook()
  const toggle = () =>
    update.mutateAsync({ id: hook.id, body: { enabled: !hook.enabled } }).then(
      () => toast({ title: hook.enabled ? 'Webhook turned off' : 'Webhook turned on' }),
      (error: unknown) => toastFailure('Failed to change the webhook', error),
    )
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <code className="font-mono text-xs wrap-anywhere">{hook.url}</code>
          {hook.enabled ? (
            hook.failingSince ? (
              <Badge variant="warning">Failing since {formatDate(hook.failingSince)}</Badge>
            ) : (
              <Badge variant="success">On</Badge>
            )
          ) : (
            <Badge variant="neutral">Off</Badge>
          )}
        </p>
        {hook.description ? <p className="text-sm wrap-anywhere">{hook.description}</p> : null}
        {hook.disabledReason ? (
          <p className="text-sm text-destructive">{hook.disabledReason}</p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {hook.events.length === 1 ? '1 event' : `${hook.events.length} events`}:{' '}
          {hook.events.join(', ')}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-label={`Edit ${hook.url}`} onClick={onEdit}>
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Deliveries of ${hook.url}`}
          onClick={onDeliveries}
        >
          Deliveries
        </Button>
        <PendingButton
          variant="outline"
          size="sm"
          pending={update.isPending}
          pendingLabel="Saving..."
          aria-label={`${hook.enabled ? 'Turn off' : 'Turn on'} ${hook.url}`}
          onClick={() => void toggle()}
        >
          {hook.enabled ? 'Turn Off' : 'Turn On'}
        </PendingButton>
        <ConfirmDialog
          triggerLabel="Delete"
          triggerContext={hook.url}
          title="Delete Webhook"
          description={`Nothing more is sent to ${hook.url}, and its deliveries are forgotten.`}
          confirmLabel="Delete Webhook"
          pendingLabel="Deleting..."
          failureTitle="Failed to delete the webhook"
          onConfirm={() =>
            remove.mutateAsync(hook.id).then(() => toast({ title: 'Webhook deleted' }))
          }
        />
      </div>
    </li>
  )
}

/** Adding a hook (then its secret, once), or changing one's address, events and description. */
function WebhookEditor({ hook, onDone }: { hook?: WebhookDto; onDone: () => void }) {
  const create = useCreateWebhook()
  const update = useUpdateWebhook()
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(createWebhookInput),
    defaultValues: hook
      ? { url: hook.url, description: hook.description ?? '', events: hook.events }
      : { url: '', description: '', events: ['request.submitted'] },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      if (!hook) return void (await create.mutateAsync(body))
      await update.mutateAsync({ id: hook.id, body })
      toast({ title: 'Webhook saved' })
      onDone()
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS))
        toastFailure(hook ? 'Failed to save the webhook' : 'Failed to add the webhook', error)
    }
  })

  if (create.data) return <NewSecret secret={create.data.secret} onDone={onDone} />

  return (
    <>
      <DialogHeader>
        <DialogTitle>{hook ? 'Edit Webhook' : 'Add Webhook'}</DialogTitle>
        <DialogDescription>
          An https:// address on the internet. Each event is posted as JSON and signed
          {hook
            ? ' with the secret shown when it was added.'
            : ': check the signature with the secret shown next.'}
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label="URL" error={errors.url?.message}>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/auditdesk-events"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            {...form.register('url')}
          />
        </FormField>
        <FormField label="Description (optional)" error={errors.description?.message}>
          <Input
            autoComplete="off"
            maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
            {...form.register('description')}
          />
        </FormField>
        <Controller
          control={form.control}
          name="events"
          render={({ field, fieldState }) => (
            <fieldset
              className="grid gap-3"
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? 'webhook-events-error' : undefined}
            >
              <legend className="mb-1 text-sm leading-none font-medium">Events</legend>
              <div className="grid gap-4 sm:grid-cols-3">
                {EVENT_GROUPS.map((group) => (
                  <div key={group.title} className="grid content-start gap-2">
                    <p className="text-xs font-medium text-muted-foreground uppercase">
                      {group.title}
                    </p>
                    {group.events.map(([type, label]) => (
                      <label key={type} className="flex cursor-pointer items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="mt-0.5 size-4 shrink-0 accent-primary"
                          checked={field.value.includes(type)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, type]
                                : field.value.filter((value) => value !== type),
                            )
                          }
                        />
                        {label}
                      </label>
                    ))}
                  </div>
                ))}
              </div>
              {fieldState.error?.message ? (
                <p id="webhook-events-error" className="text-sm font-medium text-destructive">
                  {fieldState.error.message}
                </p>
              ) : null}
            </fieldset>
          )}
        />
        <DialogFooter>
          <PendingButton
            type="submit"
            pending={create.isPending || update.isPending}
            pendingLabel={hook ? 'Saving...' : 'Adding...'}
          >
            {hook ? 'Save Webhook' : 'Add Webhook'}
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  )
}

function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <SecretShownOnce
      title="Copy the Signing Secret"
      label="Signing secret"
      secret={secret}
      onDone={onDone}
      description={
        <>
          It is shown only now. Your receiver checks each delivery’s{' '}
          <code className="font-mono text-xs">webhook-signature</code> with it (any Standard
          Webhooks library does).
        </>
      }
    />
  )
}

const STATUS_BADGES: Record<
  WebhookDeliveryDto['status'],
  { label: string; variant: 'success' | 'warning' | 'destructive' | 'neutral' }
> = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Waiting', variant: 'warning' },
  sending: { label: 'Sending', variant: 'neutral' },
  failed: { label: 'Failed', variant: 'destructive' },
}

function Deliveries({ hook }: { hook: WebhookDto }) {
  const deliveries = useInfiniteQuery(webhookQueries.deliveries(hook.id))
  const retry = useRetryDelivery()
  return (
    <>
      <DialogHeader>
        <DialogTitle>Deliveries</DialogTitle>
        <DialogDescription className="wrap-anywhere">
          To {hook.url}, newest first.
        </DialogDescription>
      </DialogHeader>
      <ListSection
        query={deliveries}
        loading={<ListSkeleton label="Loading deliveries..." rows={3} rowClassName="h-12" />}
        errorTitle="Could not load the deliveries"
        empty={<p className="text-sm text-muted-foreground">Nothing has been sent yet.</p>}
      >
        {(list) => (
          <div className="grid max-h-[60vh] gap-3 overflow-y-auto">
            <ul aria-label="Deliveries" className="divide-y rounded-md border">
              {list.map((delivery) => {
                const badge = STATUS_BADGES[delivery.status]
                return (
                  <li
                    key={delivery.id}
                    className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="grid min-w-0 gap-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{delivery.eventType}</span>
                        <Badge variant={badge.variant}>{badge.label}</Badge>
                        {delivery.statusCode !== null ? (
                          <span className="tabular-nums">HTTP {delivery.statusCode}</span>
                        ) : null}
                      </p>
                      <p className="text-muted-foreground">
                        <time
                          dateTime={delivery.createdAt}
                          title={formatDateTime(delivery.createdAt)}
                        >
                          {formatRelativeTime(delivery.createdAt)}
                        </time>
                        {` · ${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`}
                        {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
                        {delivery.nextAttemptAt
                          ? ` · next try ${formatRelativeTime(delivery.nextAttemptAt)}`
                          : ''}
                      </p>
                      {delivery.error && delivery.status !== 'delivered' ? (
                        <p className="text-destructive wrap-anywhere">{delivery.error}</p>
                      ) : null}
                    </div>
                    {delivery.status === 'failed' || delivery.status === 'pending' ? (
                      <PendingButton
                        variant="outline"
                        size="sm"
                        pending={retry.isPending && retry.variables?.deliveryId === delivery.id}
                        pendingLabel="Retrying..."
                        onClick={() =>
                          retry.mutateAsync({ id: hook.id, deliveryId: delivery.id }).then(
                            () => toast({ title: 'Delivery queued to be tried now' }),
                            (error: unknown) => toastFailure('Failed to retry', error),
                          )
                        }
                      >
                        Retry Now
                      </PendingButton>
                    ) : null}
                  </li>
                )
              })}
            </ul>
            <LoadMore list={deliveries} />
          </div>
        )}
      </ListSection>
    </>
  )
}

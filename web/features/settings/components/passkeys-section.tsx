import { zodResolver } from '@hookform/resolvers/zod'
import {
  PASSKEY_NAME_MAX_LENGTH,
  renamePasskeyInput,
  type PasskeyDto,
} from '@shared/schemas/passkeys'
import { useQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { ListSection, ListSkeleton } from '@/components/list-section'
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
import { passkeyCancelled, passkeyFailureMessage } from '@/lib/passkey-failures'
import { browserSupportsPasskeys } from '@/lib/passkeys'
import { toast } from '@/lib/toast'
import {
  passkeyQueries,
  useAddPasskey,
  useRefreshPasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkeys'
import { secondFactorQueries } from '../api/second-factors'
import { defaultPasskeyName } from '../lib/passkey-name'
import { APP_OR_RECOVERY_CODE, ProofForm, RecoveryCodes } from './second-factor-dialogs'
import { SettingsSection } from './settings-section'

type NameFormValues = z.input<typeof renamePasskeyInput>
type NameFormOutput = z.output<typeof renamePasskeyInput>
const FIELDS = ['name'] as const

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'rename'; passkey: PasskeyDto }
  | { kind: 'remove'; passkey: PasskeyDto }
  | null

/** Settings → Passkeys: signing in without a password, and a second factor at the same time. */
export function PasskeysSection() {
  const passkeys = useQuery(passkeyQueries.list())
  const status = useQuery(secondFactorQueries.status())
  const refresh = useRefreshPasskeys()
  const supported = browserSupportsPasskeys()
  // One dialog for the section, not one per row: removing a passkey must not unmount its dialog,
  // nor adding the first one the dialog that shows the recovery codes.
  const [open, setOpen] = useState<OpenDialog>(null)
  const returnFocus = useReturnFocus()
  const show = (dialog: NonNullable<OpenDialog>) => {
    returnFocus.remember()
    setOpen(dialog)
  }
  const close = () => {
    // An added passkey is refreshed only now: the recovery codes it may have made stay on screen.
    if (open?.kind === 'add') void refresh()
    setOpen(null)
  }

  return (
    <SettingsSection
      id="passkeys-heading"
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of a password. A passkey also counts as your second factor."
    >
      <div className="grid gap-4">
        <ListSection
          query={passkeys}
          loading={<ListSkeleton label="Loading passkeys..." rows={2} rowClassName="h-16" />}
          errorTitle="Could not load your passkeys"
          empty={<p className="text-sm text-muted-foreground">No passkeys yet.</p>}
        >
          {(list) => (
            <ul aria-label="Passkeys" className="divide-y rounded-md border">
              {list.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  onRename={() => show({ kind: 'rename', passkey })}
                  onRemove={() => show({ kind: 'remove', passkey })}
                />
              ))}
            </ul>
          )}
        </ListSection>
        {passkeys.isSuccess ? (
          supported ? (
            <Button variant="outline" className="w-fit" onClick={() => show({ kind: 'add' })}>
              Add a Passkey
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>
          )
        ) : null}
      </div>

      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : close())}>
        <DialogContent onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
          {open?.kind === 'add' ? (
            <AddPasskey onDone={close} />
          ) : open?.kind === 'rename' ? (
            <RenamePasskey passkey={open.passkey} onDone={close} />
          ) : open?.kind === 'remove' ? (
            <RemovePasskey
              passkey={open.passkey}
              withApp={status.data?.totp.enabled ?? false}
              lastFactor={
                status.data !== undefined && !status.data.totp.enabled && status.data.passkeys <= 1
              }
              onDone={close}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </SettingsSection>
  )
}

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: PasskeyDto
  onRename: () => void
  onRemove: () => void
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="wrap-anywhere">{passkey.name}</span>
            {passkey.backedUp ? (
              <Badge
                variant="neutral"
                title="Kept by your password manager or platform on your other devices too"
              >
                Synced
              </Badge>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground">
            Added{' '}
            <time dateTime={passkey.createdAt} title={formatDateTime(passkey.createdAt)}>
              {formatDate(passkey.createdAt)}
            </time>
            {' · '}
            {passkey.lastUsedAt ? (
              <>
                Last used{' '}
                <time dateTime={passkey.lastUsedAt} title={formatDateTime(passkey.lastUsedAt)}>
                  {formatRelativeTime(passkey.lastUsedAt)}
                </time>
              </>
            ) : (
              'Never used'
            )}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Rename ${passkey.name}`}
          onClick={onRename}
        >
          Rename
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Remove ${passkey.name}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </li>
  )
}

type Notice = { kind: 'cancelled' } | { kind: 'failed'; message: string } | null

/**
 * The body of the "Add a Passkey" dialog: a name, then the browser's prompt. With one's first
 * second factor the recovery codes follow in the same dialog; `onDone` runs once they are saved
 * (or at once, when there are none).
 */
export function AddPasskey({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey()
  const [notice, setNotice] = useState<Notice>(null)
  const form = useForm<NameFormValues, unknown, NameFormOutput>({
    resolver: zodResolver(renamePasskeyInput),
    defaultValues: { name: defaultPasskeyName(navigator) },
  })

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setNotice(null)
    try {
      const { recoveryCodes } = await add.mutateAsync(name)
      if (!recoveryCodes) {
        toast({ title: 'Passkey added' })
        onDone()
      }
    } catch (error) {
      if (passkeyCancelled(error)) setNotice({ kind: 'cancelled' })
      else if (!applyServerFieldErrors(error, form.setError, FIELDS))
        setNotice({
          kind: 'failed',
          message: passkeyFailureMessage(
            error,
            'The passkey could not be added. Please try again.',
          ),
        })
    }
  })

  if (add.data?.recoveryCodes)
    return (
      <RecoveryCodes
        codes={add.data.recoveryCodes}
        description="Your passkey is added. Each code signs you in once if you lose the device that keeps it. They are shown only now: keep them somewhere safe, such as your password manager."
        onDone={onDone}
      />
    )

  return (
    <>
      <DialogHeader>
        <DialogTitle>Add a Passkey</DialogTitle>
        <DialogDescription>
          Give it a name you will recognise, then follow your browser’s prompt: your fingerprint,
          face or device PIN.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <PasskeyNameField form={form} />
        {notice?.kind === 'cancelled' ? (
          <p role="status" className="text-sm text-muted-foreground">
            The passkey was not added.
          </p>
        ) : notice?.kind === 'failed' ? (
          <p role="alert" className="text-sm text-destructive">
            {notice.message}
          </p>
        ) : null}
        <DialogFooter>
          <PendingButton type="submit" pending={add.isPending} pendingLabel="Adding...">
            Add Passkey
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  )
}

/** The passkey's name, with the schema's limit: adding one and renaming one. */
function PasskeyNameField({
  form,
}: {
  form: UseFormReturn<NameFormValues, unknown, NameFormOutput>
}) {
  return (
    <FormField label="Name" error={form.formState.errors.name?.message}>
      <Input autoComplete="off" maxLength={PASSKEY_NAME_MAX_LENGTH} {...form.register('name')} />
    </FormField>
  )
}

function RenamePasskey({ passkey, onDone }: { passkey: PasskeyDto; onDone: () => void }) {
  const rename = useRenamePasskey()
  const form = useForm<NameFormValues, unknown, NameFormOutput>({
    resolver: zodResolver(renamePasskeyInput),
    defaultValues: { name: passkey.name },
  })

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: passkey.id, name })
      toast({ title: 'Passkey renamed' })
      onDone()
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS))
        toastFailure('Failed to rename passkey', error)
    }
  })

  return (
    <>
      <DialogHeader>
        <DialogTitle>Rename Passkey</DialogTitle>
        <DialogDescription>
          A name that tells you where it is kept, such as “Work laptop”.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <PasskeyNameField form={form} />
        <DialogFooter>
          <PendingButton type="submit" pending={rename.isPending} pendingLabel="Saving...">
            Save Name
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  )
}

function RemovePasskey({
  passkey,
  withApp,
  lastFactor,
  onDone,
}: {
  passkey: PasskeyDto
  /** Whether the person has an authenticator app (its codes are a proof too). */
  withApp: boolean
  /** Whether it is the person's only second factor. */
  lastFactor: boolean
  onDone: () => void
}) {
  const remove = useRemovePasskey()
  return (
    <ProofForm
      title="Remove Passkey"
      description={
        <>
          “{passkey.name}” will no longer sign you in.{' '}
          {lastFactor
            ? 'It is your only second factor: your password alone will sign you in again, and your recovery codes stop working.'
            : null}
        </>
      }
      submitLabel="Remove Passkey"
      pendingLabel="Removing..."
      destructive
      codeLabel={withApp ? APP_OR_RECOVERY_CODE : 'Recovery code'}
      pending={remove.isPending}
      onProof={(proof, refused) =>
        remove.mutate(
          { id: passkey.id, proof },
          {
            onSuccess: () => {
              toast({ title: 'Passkey removed' })
              onDone()
            },
            onError: refused,
          },
        )
      }
    />
  )
}

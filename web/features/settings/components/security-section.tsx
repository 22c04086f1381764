import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { QueryErrorState } from '@/components/error-state'
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
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/dates'
import { keepFocusInPage } from '@/lib/focus'
import { serverMessage } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import {
  secondFactorQueries,
  useConfirmTotp,
  useRegenerateRecoveryCodes,
  useRemoveTotp,
  useSetupTotp,
} from '../api/second-factors'
import { APP_OR_RECOVERY_CODE, ProofForm, RecoveryCodes } from './second-factor-dialogs'
import { SettingsSection } from './settings-section'

type OpenDialog = 'setup' | 'codes' | 'remove' | null

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

/** Settings → Security: the authenticator app and the recovery codes (passkeys have their own section). */
export function SecuritySection() {
  const status = useQuery(secondFactorQueries.status())
  const queryClient = useQueryClient()
  // Kept here, not in the branches below: turning the app on must not unmount the dialog that
  // shows the recovery codes (the status is refreshed as it closes).
  const [open, setOpen] = useState<OpenDialog>(null)
  const close = () => {
    setOpen(null)
    keepFocusInPage()
    void queryClient.invalidateQueries({ queryKey: secondFactorQueries.all })
  }
  const onOpenChange = (next: boolean) => {
    if (!next) close()
  }
  const totp = status.data?.totp.enabled ?? false
  const passkeys = status.data?.passkeys ?? 0

  return (
    <SettingsSection
      id="security-heading"
      title="Two-factor sign-in"
      description="A code from an authenticator app, or a passkey, asked for after your password."
    >
      {status.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading two-factor sign-in...">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-9 w-56" />
        </div>
      ) : status.isError ? (
        <QueryErrorState title="Could not load your two-factor sign-in" query={status} />
      ) : totp || passkeys > 0 ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" className="size-3.5" /> On
            </Badge>
            <span className="text-muted-foreground">
              {[
                totp
                  ? `Authenticator app since ${formatDate(status.data.totp.confirmedAt ?? '')}`
                  : null,
                passkeys > 0 ? count(passkeys, 'passkey', 'passkeys') : null,
                `${count(status.data.recoveryCodesLeft, 'recovery code', 'recovery codes')} left`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            {totp ? null : (
              <Button variant="outline" onClick={() => setOpen('setup')}>
                Set Up Authenticator App
              </Button>
            )}
            <Button variant="outline" onClick={() => setOpen('codes')}>
              New Recovery Codes
            </Button>
            {totp ? (
              <Button variant="outline" onClick={() => setOpen('remove')}>
                Turn Off
                {passkeys > 0 ? <span className="sr-only"> Authenticator App</span> : null}
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            Off: your password alone signs you in. With an authenticator app or a passkey, someone
            who learns your password still cannot sign in.
          </p>
          <Button className="w-fit" onClick={() => setOpen('setup')}>
            Set Up Authenticator App
          </Button>
        </div>
      )}

      <Dialog open={open === 'setup'} onOpenChange={onOpenChange}>
        <DialogContent>
          {open === 'setup' ? <TotpSetup replacesCodes={passkeys > 0} onDone={close} /> : null}
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'codes'} onOpenChange={onOpenChange}>
        <DialogContent>
          {open === 'codes' ? <NewRecoveryCodes withApp={totp} onDone={close} /> : null}
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'remove'} onOpenChange={onOpenChange}>
        <DialogContent>
          {open === 'remove' ? <TurnOff passkeys={passkeys} onDone={close} /> : null}
        </DialogContent>
      </Dialog>
    </SettingsSection>
  )
}

const REPLACED_CODES =
  'These replace your earlier recovery codes, which stop working now. Each code signs you in once if you lose your phone or your passkeys. They are shown only now: keep them somewhere safe, such as your password manager.'

/** Scan the QR code (or type the key), then confirm with the first code: recovery codes follow. */
export function TotpSetup({
  replacesCodes = false,
  onDone,
}: {
  /** The person has recovery codes already (from a passkey): the new ones replace them. */
  replacesCodes?: boolean
  onDone: () => void
}) {
  const setup = useSetupTotp()
  const confirm = useConfirmTotp()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    setup.mutate()
  }, [setup])

  if (confirm.data)
    return (
      <RecoveryCodes
        codes={confirm.data.recoveryCodes}
        description={replacesCodes ? REPLACED_CODES : undefined}
        onDone={onDone}
      />
    )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const compact = code.replace(/\s/g, '')
    if (!/^\d{6}$/.test(compact)) {
      setError('Enter the 6-digit code from your authenticator app')
      return
    }
    setError(undefined)
    confirm.mutate(compact, {
      onError: (failure) => setError(serverMessage(failure) ?? 'The code could not be checked.'),
    })
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Set Up Authenticator App</DialogTitle>
        <DialogDescription>
          Scan the QR code with an authenticator app (1Password, Google Authenticator, Microsoft
          Authenticator…), then enter the 6-digit code it shows.
        </DialogDescription>
      </DialogHeader>
      {setup.isPending || setup.isIdle ? (
        <div className="flex justify-center py-8">
          <Spinner label="Preparing..." showLabel />
        </div>
      ) : setup.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessage(setup.error) ?? 'The set-up could not start. Please try again.'}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <div className="grid justify-items-center gap-3">
            {/* The server's own SVG of the otpauth URL: no user text in it. */}
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="size-48 rounded-md bg-white p-1 [&>svg]:size-full"
              dangerouslySetInnerHTML={{ __html: setup.data.qrSvg }}
            />
            <p className="text-center text-sm text-muted-foreground">
              Cannot scan? Enter this key:{' '}
              <code className="font-mono text-sm break-all text-foreground">
                {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </p>
          </div>
          <FormField label="Code from the app" error={error}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              className="font-mono tracking-widest"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <PendingButton type="submit" pending={confirm.isPending} pendingLabel="Turning on...">
              Turn On
            </PendingButton>
          </DialogFooter>
        </form>
      )}
    </>
  )
}

function NewRecoveryCodes({ withApp, onDone }: { withApp: boolean; onDone: () => void }) {
  const regenerate = useRegenerateRecoveryCodes()
  if (regenerate.data)
    return <RecoveryCodes codes={regenerate.data.recoveryCodes} onDone={onDone} />
  return (
    <ProofForm
      title="New Recovery Codes"
      description="Your current recovery codes stop working and ten new ones are made."
      submitLabel="Make New Codes"
      pendingLabel="Making..."
      pending={regenerate.isPending}
      codeLabel={withApp ? APP_OR_RECOVERY_CODE : 'Recovery code'}
      onProof={(proof, refused) => regenerate.mutate(proof, { onError: refused })}
    />
  )
}

/** Removes the authenticator app; with passkeys left, two-factor sign-in stays on. */
function TurnOff({ passkeys, onDone }: { passkeys: number; onDone: () => void }) {
  const remove = useRemoveTotp()
  const keepsFactor = passkeys > 0
  return (
    <ProofForm
      title={keepsFactor ? 'Turn Off Authenticator App' : 'Turn Off Two-Factor Sign-In'}
      description={
        keepsFactor
          ? `Codes from the app will no longer be asked for. Your ${passkeys === 1 ? 'passkey still counts' : 'passkeys still count'} as your second factor, and your recovery codes keep working.`
          : 'Your password alone will sign you in again, and your recovery codes stop working.'
      }
      submitLabel="Turn Off"
      pendingLabel="Turning off..."
      destructive
      pending={remove.isPending}
      onProof={(proof, refused) =>
        remove.mutate(proof, {
          onSuccess: () => {
            toast({
              title: keepsFactor ? 'Authenticator app turned off' : 'Two-factor sign-in turned off',
            })
            onDone()
          },
          onError: refused,
        })
      }
    />
  )
}

import type { SecondFactorProof } from '@shared/schemas/mfa'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
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
import { isApiError } from '@/lib/api'
import { formatDate } from '@/lib/dates'
import { keepFocusInPage } from '@/lib/focus'
import { serverMessage, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import {
  secondFactorQueries,
  useConfirmTotp,
  useRegenerateRecoveryCodes,
  useRemoveTotp,
  useSetupTotp,
} from '../api/second-factors'
import { SettingsSection } from './settings-section'

type OpenDialog = 'setup' | 'codes' | 'remove' | null

/** Settings → Security: the authenticator app and the recovery codes. */
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

  return (
    <SettingsSection
      id="security-heading"
      title="Two-factor sign-in"
      description="A code from an authenticator app on your phone, asked for after your password."
    >
      {status.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading two-factor sign-in...">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-9 w-56" />
        </div>
      ) : status.isError ? (
        <QueryErrorState title="Could not load your two-factor sign-in" query={status} />
      ) : status.data.totp.enabled ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" className="size-3.5" /> On
            </Badge>
            <span className="text-muted-foreground">
              Authenticator app since {formatDate(status.data.totp.confirmedAt ?? '')} ·{' '}
              {status.data.recoveryCodesLeft === 1
                ? '1 recovery code left'
                : `${status.data.recoveryCodesLeft} recovery codes left`}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setOpen('codes')}>
              New Recovery Codes
            </Button>
            <Button variant="outline" onClick={() => setOpen('remove')}>
              Turn Off
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            Off: your password alone signs you in. With it on, someone who learns your password
            still cannot sign in without your phone.
          </p>
          <Button className="w-fit" onClick={() => setOpen('setup')}>
            Set Up Authenticator App
          </Button>
        </div>
      )}

      <Dialog open={open === 'setup'} onOpenChange={onOpenChange}>
        <DialogContent>{open === 'setup' ? <TotpSetup onDone={close} /> : null}</DialogContent>
      </Dialog>
      <Dialog open={open === 'codes'} onOpenChange={onOpenChange}>
        <DialogContent>
          {open === 'codes' ? <NewRecoveryCodes onDone={close} /> : null}
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'remove'} onOpenChange={onOpenChange}>
        <DialogContent>{open === 'remove' ? <TurnOff onDone={close} /> : null}</DialogContent>
      </Dialog>
    </SettingsSection>
  )
}

/** Scan the QR code (or type the key), then confirm with the first code: recovery codes follow. */
export function TotpSetup({ onDone }: { onDone: () => void }) {
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

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onDone} />

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

/** The recovery codes, shown once: copy or download them before closing. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast({ title: 'Recovery codes copied' }),
      () => toast({ title: 'Could not copy', description: 'Select the codes and copy them.' }),
    )
  const download = () => {
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    link.download = 'auditdesk-recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(link.href)
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Save Your Recovery Codes</DialogTitle>
        <DialogDescription>
          Each code signs you in once if you lose your phone. They are shown only now: keep them
          somewhere safe, such as your password manager.
        </DialogDescription>
      </DialogHeader>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </DialogFooter>
    </>
  )
}

function NewRecoveryCodes({ onDone }: { onDone: () => void }) {
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
      onProof={(proof, refused) => regenerate.mutate(proof, { onError: refused })}
    />
  )
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const remove = useRemoveTotp()
  return (
    <ProofForm
      title="Turn Off Two-Factor Sign-In"
      description="Your password alone will sign you in again, and your recovery codes stop working."
      submitLabel="Turn Off"
      pendingLabel="Turning off..."
      destructive
      pending={remove.isPending}
      onProof={(proof, refused) =>
        remove.mutate(proof, {
          onSuccess: () => {
            toast({ title: 'Two-factor sign-in turned off' })
            onDone()
          },
          onError: refused,
        })
      }
    />
  )
}

/** Asks for the password, or a code (from the app or a recovery code), before a change. */
function ProofForm({
  title,
  description,
  submitLabel,
  pendingLabel,
  pending,
  destructive = false,
  onProof,
}: {
  title: string
  description: ReactNode
  submitLabel: string
  pendingLabel: string
  pending: boolean
  destructive?: boolean
  onProof: (proof: SecondFactorProof, refused: (error: unknown) => void) => void
}) {
  const [withCode, setWithCode] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | undefined>()
  const label = withCode ? 'Code from the app or a recovery code' : 'Password'

  const refused = (failure: unknown) => {
    const atField = isApiError(failure) ? failure.errors[0]?.message : undefined
    if (atField) setError(atField)
    else toastFailure('The change failed', failure)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!value.trim()) {
      setError(withCode ? 'Enter a code' : 'Password is required')
      return
    }
    setError(undefined)
    onProof(withCode ? { code: value.trim() } : { password: value }, refused)
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label={label} error={error}>
          <Input
            key={label}
            type={withCode ? 'text' : 'password'}
            autoComplete={withCode ? 'one-time-code' : 'current-password'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </FormField>
        <Button
          type="button"
          variant="link"
          className="h-auto w-fit p-0"
          onClick={() => {
            setWithCode(!withCode)
            setValue('')
            setError(undefined)
          }}
        >
          {withCode ? 'Use your password instead' : 'Use a code instead'}
        </Button>
        <DialogFooter>
          <PendingButton
            type="submit"
            variant={destructive ? 'destructive' : 'default'}
            pending={pending}
            pendingLabel={pendingLabel}
          >
            {submitLabel}
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  )
}

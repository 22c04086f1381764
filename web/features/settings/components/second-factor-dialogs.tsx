import type { SecondFactorProof } from '@shared/schemas/mfa'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { isApiError } from '@/lib/api'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'

const RECOVERY_CODES_DESCRIPTION =
  'Each code signs you in once if you lose your phone or your passkeys. They are shown only now: keep them somewhere safe, such as your password manager.'

/** The recovery codes, shown once: copy or download them before closing. */
export function RecoveryCodes({
  codes,
  description = RECOVERY_CODES_DESCRIPTION,
  onDone,
}: {
  codes: string[]
  description?: ReactNode
  onDone: () => void
}) {
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
        <DialogDescription>{description}</DialogDescription>
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

/** The code field's label when the person has an authenticator app. */
export const APP_OR_RECOVERY_CODE = 'Code from the app or a recovery code'

/** Asks for the password, or a code (from the app or a recovery code), before a change. */
export function ProofForm({
  title,
  description,
  submitLabel,
  pendingLabel,
  pending,
  destructive = false,
  codeLabel = APP_OR_RECOVERY_CODE,
  onProof,
}: {
  title: string
  description: ReactNode
  submitLabel: string
  pendingLabel: string
  pending: boolean
  destructive?: boolean
  /** What the code may be: "Recovery code" for someone without an authenticator app. */
  codeLabel?: string
  onProof: (proof: SecondFactorProof, refused: (error: unknown) => void) => void
}) {
  const [withCode, setWithCode] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | undefined>()
  const label = withCode ? codeLabel : 'Password'

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

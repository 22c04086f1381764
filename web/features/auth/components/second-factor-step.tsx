import type { CurrentUser } from '@shared/schemas/auth'
import type { MfaMethod } from '@shared/schemas/mfa'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { errorMessage, isApiError } from '@/lib/api'
import { passkeyCancelled, passkeyFailureMessage } from '@/lib/passkey-failures'
import { browserSupportsPasskeys } from '@/lib/passkeys'
import { toast } from '@/lib/toast'
import { useVerifySecondFactor } from '../api/login'
import { useSignInWithPasskey } from '../api/passkey-sign-in'
import { useAuthForm, type Validate } from '../hooks/use-auth-form'
import { AuthLayout } from './auth-layout'

type Values = { code: string; recoveryCode: string }

const CODE = /^\d{6}$/

const validateCode: Validate<Values, Values> = (values) =>
  CODE.test(values.code.replace(/\s/g, ''))
    ? { data: values }
    : { errors: { code: 'Enter the 6-digit code from your authenticator app' } }

const validateRecoveryCode: Validate<Values, Values> = (values) =>
  values.recoveryCode.trim()
    ? { data: values }
    : { errors: { recoveryCode: 'Enter one of your recovery codes' } }

type Mode = 'totp' | 'passkey' | 'recovery'

const DESCRIPTIONS: Record<Mode, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  passkey: 'Use your passkey (your fingerprint, face or device PIN) to finish signing in.',
  recovery:
    'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.',
}
const SWITCH_LABELS: Record<Mode, string> = {
  totp: 'Use the authenticator app',
  passkey: 'Use a passkey',
  recovery: 'Use a recovery code',
}

interface SecondFactorStepProps {
  /** What the account has, as the sign-in's first step answered. */
  methods: MfaMethod[]
  onSignedIn: (user: CurrentUser) => void
  /** Back to the e-mail and password (also when the pending sign-in has expired). */
  onCancel: () => void
}

/** The sign-in's second step: a code from the authenticator app, a passkey, or a recovery code. */
export default function SecondFactorStep({ methods, onSignedIn, onCancel }: SecondFactorStepProps) {
  const modes: Mode[] = [
    ...(methods.includes('totp') ? (['totp'] as const) : []),
    ...(methods.includes('webauthn') && browserSupportsPasskeys() ? (['passkey'] as const) : []),
    'recovery',
  ]
  const [mode, setMode] = useState<Mode>(modes[0] ?? 'recovery')
  const useRecovery = mode === 'recovery'
  const verify = useVerifySecondFactor()
  const passkey = useSignInWithPasskey()
  const [passkeyError, setPasskeyError] = useState<string | null>(null)
  const onPasskey = () => {
    setPasskeyError(null)
    passkey.mutate(
      {},
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (error) =>
          setPasskeyError(
            passkeyCancelled(error)
              ? 'The passkey was not used. Try again, or choose another way below.'
              : passkeyFailureMessage(error, 'Your passkey could not be used. Please try again.'),
          ),
      },
    )
  }
  const form = useAuthForm<Values>({
    defaultValues: { code: '', recoveryCode: '' },
    validate: useRecovery ? validateRecoveryCode : validateCode,
  })
  const field = useRecovery ? 'recoveryCode' : 'code'

  const onSubmit = form.handleSubmit((values) => {
    const body = useRecovery
      ? { recoveryCode: values.recoveryCode }
      : { code: values.code.replace(/\s/g, '') }
    verify.mutate(body, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) {
          toast({ title: 'Sign-in expired', description: error.message, variant: 'destructive' })
          onCancel()
          return
        }
        const refused = isApiError(error)
          ? error.errors.find((fieldError) => fieldError.path === field)
          : undefined
        form.setError(
          field,
          refused?.message ??
            errorMessage(error, 'The code could not be checked. Please try again.'),
          { shouldFocus: true },
        )
      },
    })
  })

  return (
    <AuthLayout title="Two-factor sign-in" documentTitle="Sign in" description={DESCRIPTIONS[mode]}>
      {mode === 'passkey' ? (
        <div className="grid gap-5">
          <Button
            type="button"
            className="w-full"
            autoFocus
            disabled={passkey.isPending || passkey.isSuccess}
            onClick={onPasskey}
          >
            <KeyRound aria-hidden="true" />
            {passkey.isPending || passkey.isSuccess ? 'Waiting for your passkey...' : 'Use Passkey'}
          </Button>
          {passkeyError ? (
            <p role="alert" className="text-sm text-destructive">
              {passkeyError}
            </p>
          ) : null}
          <OtherWays modes={modes} mode={mode} onMode={setMode} onCancel={onCancel} />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          {useRecovery ? (
            <FormField label="Recovery code" error={form.errors.recoveryCode}>
              <Input
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={40}
                autoFocus
                {...form.field('recoveryCode')}
              />
            </FormField>
          ) : (
            <FormField label="Authentication code" error={form.errors.code}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                autoFocus
                className="font-mono tracking-widest"
                {...form.field('code')}
              />
            </FormField>
          )}
          <PendingButton
            type="submit"
            pending={verify.isPending || verify.isSuccess}
            pendingLabel="Verifying..."
            className="w-full"
          >
            Verify
          </PendingButton>
          <OtherWays modes={modes} mode={mode} onMode={setMode} onCancel={onCancel} />
        </form>
      )}
    </AuthLayout>
  )
}

/** Links to the account's other methods, and back to the password. */
function OtherWays({
  modes,
  mode,
  onMode,
  onCancel,
}: {
  modes: Mode[]
  mode: Mode
  onMode: (mode: Mode) => void
  onCancel: () => void
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
      {modes
        .filter((other) => other !== mode)
        .map((other) => (
          <Button
            key={other}
            type="button"
            variant="link"
            className="h-auto p-0"
            onClick={() => onMode(other)}
          >
            {SWITCH_LABELS[other]}
          </Button>
        ))}
      <Button type="button" variant="link" className="h-auto p-0" onClick={onCancel}>
        Back to sign in
      </Button>
    </div>
  )
}

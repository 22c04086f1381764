import type { CurrentUser } from '@shared/schemas/auth'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { errorMessage, isApiError } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useVerifySecondFactor } from '../api/login'
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

interface SecondFactorStepProps {
  onSignedIn: (user: CurrentUser) => void
  /** Back to the e-mail and password (also when the pending sign-in has expired). */
  onCancel: () => void
}

/** The sign-in's second step: the code from the authenticator app, or a recovery code. */
export default function SecondFactorStep({ onSignedIn, onCancel }: SecondFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false)
  const verify = useVerifySecondFactor()
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
    <AuthLayout
      title="Two-factor sign-in"
      documentTitle="Sign in"
      description={
        useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
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
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            onClick={() => setUseRecovery(!useRecovery)}
          >
            {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Button>
          <Button type="button" variant="link" className="h-auto p-0" onClick={onCancel}>
            Back to sign in
          </Button>
        </div>
      </form>
    </AuthLayout>
  )
}

import { PASSWORD_MAX_LENGTH, REDIRECT_AFTER_VERIFY_MS } from '@shared/constants'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage, isApiError } from '@/lib/api'
import { useVerifyEmail } from '../api/verify-email'
import { AuthLayout, TextLink } from '../components/auth-layout'
import { StatusIcon } from '../components/status-icon'
import { LinkTroubles } from '../components/link-troubles'
import { useAuthForm, type Validate } from '../hooks/use-auth-form'
import type { LoginState } from '../lib/login-state'

/** The server's word on the password, when it asks for one (decision 042). */
const passwordProblem = (error: unknown) =>
  isApiError(error) ? error.errors.find((fieldError) => fieldError.path === 'password') : undefined

const requirePassword: Validate<{ password: string }, { password: string }> = (values) =>
  values.password ? { data: values } : { errors: { password: 'Password is required' } }

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const navigate = useNavigate()
  const { mutate, data, error, isSuccess, isError, isPending } = useVerifyEmail()
  // Tokens are single use: never send the same one twice (StrictMode runs effects twice in dev).
  const sentFor = useRef<string | null>(null)
  // Opened in another browser than the registering one, the link also asks for the password.
  const [passwordReason, setPasswordReason] = useState<string | null>(null)
  const asked = passwordProblem(error)
  if (asked && passwordReason === null) setPasswordReason(asked.message)

  useEffect(() => {
    if (!token || sentFor.current === token) return
    sentFor.current = token
    mutate({ token })
  }, [token, mutate])

  // The sign-in form that follows has the verified address filled in.
  const verifiedEmail = data?.user.email

  useEffect(() => {
    if (verifiedEmail === undefined) return
    const state: LoginState = { email: verifiedEmail }
    const timer = window.setTimeout(() => navigate('/login', { state }), REDIRECT_AFTER_VERIFY_MS)
    return () => window.clearTimeout(timer)
  }, [verifiedEmail, navigate])

  const invalidLink = isApiError(error) && error.code === 'INVALID_TOKEN'
  if (token && passwordReason !== null && !isSuccess && !invalidLink) {
    return (
      <PasswordStep
        reason={passwordReason}
        pending={isPending}
        error={
          asked
            ? asked.message === passwordReason
              ? undefined
              : asked.message
            : isError
              ? errorMessage(error, FAILED)
              : undefined
        }
        onSubmit={(password) => mutate({ token, password })}
      />
    )
  }

  if (!token || isError) {
    const message = token ? errorMessage(error, FAILED) : 'No verification token provided'
    return (
      <AuthLayout
        title="Verification Failed"
        documentTitle="Verify email"
        icon={<StatusIcon kind="error" />}
      >
        <div className="grid gap-6" aria-live="polite">
          <p className="text-center text-sm font-medium text-destructive">{message}</p>
          <LinkTroubles
            reasons={[
              'the verification link has expired (links are valid for 1 hour);',
              'the link has already been used;',
              'the link was copied incompletely from the email.',
            ]}
          />
          <Button asChild className="w-full">
            <Link to="/register">Back to Registration</Link>
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Already verified? <TextLink to="/login">Sign in</TextLink>
          </p>
        </div>
      </AuthLayout>
    )
  }

  if (isSuccess) {
    return (
      <AuthLayout
        title="Email Verified"
        documentTitle="Verify email"
        icon={<StatusIcon kind="success" />}
      >
        <div className="grid gap-6 text-center" aria-live="polite">
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">{data.message}</p>
            <p className="text-lg font-semibold">
              Welcome, {data.user.firstName} {data.user.lastName}!
            </p>
            <p className="text-sm text-muted-foreground">
              Taking you to the login page in a few seconds...
            </p>
          </div>
          <Button asChild className="w-full">
            <Link to="/login" state={{ email: data.user.email } satisfies LoginState}>
              Go to Login Now
            </Link>
          </Button>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Verifying Your Email" documentTitle="Verify email">
      <div className="flex justify-center py-4">
        <Spinner label="Verifying your email..." showLabel />
      </div>
    </AuthLayout>
  )
}

const FAILED = 'An error occurred during verification'

function PasswordStep({
  reason,
  pending,
  error,
  onSubmit,
}: {
  reason: string
  pending: boolean
  /** The latest refusal (a wrong password, too many tries), shown at the field. */
  error: string | undefined
  onSubmit: (password: string) => void
}) {
  const form = useAuthForm({ defaultValues: { password: '' }, validate: requirePassword })
  const submit = form.handleSubmit(({ password }) => onSubmit(password))
  return (
    <AuthLayout title="Enter Your Password" documentTitle="Verify email" description={reason}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <FormField label="Password" error={form.errors.password ?? error}>
          <Input
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.field('password')}
          />
        </FormField>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel="Verifying..."
          className="w-full"
        >
          Verify Email
        </PendingButton>
        <p className="text-center text-sm text-muted-foreground">
          Did not register? Ignore this link: nothing is verified without the password.
        </p>
      </form>
    </AuthLayout>
  )
}

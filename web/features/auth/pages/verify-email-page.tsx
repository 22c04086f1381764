import { REDIRECT_AFTER_VERIFY_MS } from '@shared/constants'
import { useEffect, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { useVerifyEmail } from '../api/verify-email'
import { AuthLayout, TextLink } from '../components/auth-layout'
import { StatusIcon } from '../components/status-icon'
import { LinkTroubles } from '../components/link-troubles'
import type { LoginState } from '../lib/login-state'

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const navigate = useNavigate()
  const { mutate, data, error, isSuccess, isError } = useVerifyEmail()
  // Tokens are single use: never send the same one twice (StrictMode runs effects twice in dev).
  const sentFor = useRef<string | null>(null)

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

  if (!token || isError) {
    const message = token
      ? errorMessage(error, 'An error occurred during verification')
      : 'No verification token provided'
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

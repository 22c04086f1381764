import type { CurrentUser, LoginInput } from '@shared/schemas/auth'
import type { MfaMethod } from '@shared/schemas/mfa'
import { MailWarning } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { FormError } from '@/components/form-error'
import { Button } from '@/components/ui/button'
import { landingAfterSignIn } from '@/features/my-work'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Spinner } from '@/components/ui/spinner'
import { isApiError } from '@/lib/api'
import { safeRedirect } from '@/lib/safe-redirect'
import { recordSignIn } from '@/lib/sign-in-history'
import { APP_NAME } from '@/lib/site'
import { toast, toastAfterNavigation } from '@/lib/toast'
import { useLogin } from '../api/login'
import { AuthLayout, TextLink } from '../components/auth-layout'
import { ResendVerificationButton } from '../components/resend-verification-button'
import { schemaValidation, useAuthForm } from '../hooks/use-auth-form'
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in'
import { emailFromLoginState } from '../lib/login-state'

// Only accounts with a second factor see this step: it is not in the page's initial JS.
// Single sign-on loads once an address is typed, or when a sign-in came back refused.
const SsoOffer = lazy(() => import('../components/sso-offer'))
const SsoFailureAlert = lazy(() =>
  import('../components/sso-offer').then((module) => ({ default: module.SsoFailureAlert })),
)
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const SecondFactorStep = lazy(() => import('../components/second-factor-step'))

// The shared schema (and zod with it) loads on first interaction rather than with the page,
// keeping the sign-in page's initial JS small; validation still uses the server's schema.
const validateLogin = schemaValidation<{ email: string; password: string }, LoginInput>(() =>
  import('@shared/schemas/auth').then((m) => m.loginInput),
)

export function LoginPage() {
  const [searchParams] = useSearchParams()
  // Filled in when the page that led here knows the address (the e-mail verification page).
  const { state } = useLocation()
  const login = useLogin()
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null)
  // The password was right and the account has a second factor: these methods come next.
  const [secondStep, setSecondStep] = useState<MfaMethod[] | null>(null)

  const form = useAuthForm({
    defaultValues: { email: emailFromLoginState(state), password: '' },
    validate: validateLogin,
  })
  const { errors } = form
  const ssoFailure = searchParams.get('sso')

  const enter = async (user: CurrentUser) => {
    // A full navigation, so the app shell starts from a clean state with the new session; the
    // toast shows on the page it opens. "Welcome back" only for someone who has signed in with
    // this browser before.
    toastAfterNavigation({
      title: 'Login successful',
      description: recordSignIn(user.id) ? 'Welcome back!' : `Welcome to ${APP_NAME}!`,
    })
    // The page that sent them here, else My work when something waits there, else the dashboard.
    const target = safeRedirect(searchParams.get('redirect'), '')
    window.location.assign(target || (await landingAfterSignIn(user)))
  }
  const passkey = usePasskeySignIn((user) => void enter(user))

  const onSubmit = form.handleSubmit((values) => {
    setUnverifiedEmail(null)
    login.mutate(values, {
      onSuccess: async (reply) => {
        if ('mfaRequired' in reply) {
          passkey.cancelAutofill()
          setSecondStep(reply.methods)
        } else await enter(reply.user)
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'SSO_REQUIRED') {
          toast({
            title: 'Single sign-on required',
            description: error.message,
            variant: 'destructive',
          })
        } else if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
          setUnverifiedEmail(values.email)
          toast({
            title: 'Email not verified',
            description: 'Please verify your email address before signing in.',
            variant: 'destructive',
          })
        } else if (isApiError(error) && error.status === 429) {
          toast({ title: 'Login failed', description: error.message, variant: 'destructive' })
        } else {
          toast({
            title: 'Login failed',
            description: 'Invalid email or password',
            variant: 'destructive',
          })
        }
      },
    })
  })

  const pending = login.isPending || login.isSuccess

  if (secondStep)
    return (
      <Suspense
        fallback={
          <AuthLayout title="Two-factor sign-in" documentTitle="Sign in">
            <div className="flex justify-center py-4">
              <Spinner label="Loading..." showLabel />
            </div>
          </AuthLayout>
        }
      >
        <SecondFactorStep
          methods={secondStep}
          onSignedIn={(user) => void enter(user)}
          onCancel={() => {
            setSecondStep(null)
            login.reset()
            form.setValue('password', '')
          }}
        />
      </Suspense>
    )

  return (
    <AuthLayout
      title="Sign in"
      description="Enter your email and password to access your account."
      footer={
        <p>
          Don&apos;t have an account? <TextLink to="/register">Create account</TextLink>
        </p>
      }
    >
      {ssoFailure ? (
        <Suspense fallback={null}>
          <SsoFailureAlert reason={ssoFailure} />
        </Suspense>
      ) : null}
      {unverifiedEmail ? (
        <div
          role="status"
          className="mb-5 flex gap-3 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning-soft-foreground"
        >
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="grid gap-2">
            <p>
              Your email address has not been verified yet. Open the link we sent to{' '}
              <strong>{unverifiedEmail}</strong> to activate your account.
            </p>
            <ResendVerificationButton
              email={unverifiedEmail}
              variant="outline"
              size="sm"
              className="w-fit"
            >
              Resend verification email
            </ResendVerificationButton>
          </div>
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={() => {
          validateLogin.preload()
          passkey.offerInAutofill()
        }}
        className="grid gap-5"
      >
        <FormField label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="username webauthn"
            inputMode="email"
            {...form.field('email')}
          />
        </FormField>
        <FormField
          label="Password"
          error={errors.password}
          labelAction={
            <TextLink to="/forgot-password" className="text-sm">
              Forgot password?
            </TextLink>
          }
        >
          <Input type="password" autoComplete="current-password" {...form.field('password')} />
        </FormField>
        <FormError message={errors.form} />
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel="Signing in..."
          className="w-full"
        >
          Sign in
        </PendingButton>
        {LOOKS_LIKE_EMAIL.test(form.values.email.trim()) ? (
          <Suspense fallback={null}>
            <SsoOffer email={form.values.email} />
          </Suspense>
        ) : null}
        {passkey.supported ? (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={passkey.pending}
            onClick={() => void passkey.prompt()}
          >
            {passkey.pending ? 'Waiting for your passkey...' : 'Continue with a passkey'}
          </Button>
        ) : null}
      </form>
    </AuthLayout>
  )
}

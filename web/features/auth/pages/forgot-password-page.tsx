import { REDIRECT_AFTER_FORGOT_MS } from '@shared/constants'
import { emailOnlyInput, type EmailOnlyInput } from '@shared/schemas/auth'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { FormError } from '@/components/form-error'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { isApiError } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useForgotPassword } from '../api/forgot-password'
import { AuthLayout, TextLink } from '../components/auth-layout'
import { schemaValidation, useAuthForm, type Validate } from '../hooks/use-auth-form'

const NEUTRAL_SUCCESS =
  "If an account exists with this email, you'll receive a password reset link shortly."
const EMAIL_MISSING = 'Please enter your email address.'

const validateEmail = schemaValidation<{ email: string }, EmailOnlyInput>(
  async () => emailOnlyInput,
)
// An empty field gets the spec's own message (and a toast) rather than the schema's.
const validate: Validate<{ email: string }, EmailOnlyInput> = (values) =>
  values.email.trim() ? validateEmail(values) : { errors: { email: EMAIL_MISSING } }

export function ForgotPasswordPage() {
  const navigate = useNavigate()
  const forgotPassword = useForgotPassword()
  const form = useAuthForm({ defaultValues: { email: '' }, validate })

  useEffect(() => {
    if (!forgotPassword.isSuccess) return
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_AFTER_FORGOT_MS)
    return () => window.clearTimeout(timer)
  }, [forgotPassword.isSuccess, navigate])

  const onSubmit = form.handleSubmit(
    (input) =>
      forgotPassword.mutate(input, {
        onSuccess: () => toast({ title: 'Check your email', description: NEUTRAL_SUCCESS }),
        onError: (error) =>
          toast({
            title: 'Password reset failed',
            description:
              isApiError(error) && error.status === 429
                ? error.message
                : 'There was an error processing your request. Please try again.',
            variant: 'destructive',
          }),
      }),
    (errors) => {
      if (errors.email === EMAIL_MISSING) {
        toast({ title: 'Email required', description: EMAIL_MISSING, variant: 'destructive' })
      }
    },
  )

  return (
    <AuthLayout
      title="Forgot password"
      description="Enter the email address you registered with and we'll send you a link to reset your password."
      back={{ to: '/login', label: 'Back to login' }}
      footer={
        <p>
          Remembered your password? <TextLink to="/login">Sign in</TextLink>
        </p>
      }
    >
      {forgotPassword.isSuccess ? (
        <p
          role="status"
          className="rounded-md bg-success-soft p-4 text-sm text-success-soft-foreground"
        >
          {NEUTRAL_SUCCESS} Taking you back to the login page...
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <FormField label="Email" error={form.errors.email}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          </FormField>
          <FormError message={form.errors.form} />
          <PendingButton
            type="submit"
            pending={forgotPassword.isPending}
            pendingLabel="Sending..."
            className="w-full"
          >
            Send reset email
          </PendingButton>
        </form>
      )}
    </AuthLayout>
  )
}

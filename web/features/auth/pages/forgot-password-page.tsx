import { REDIRECT_AFTER_FORGOT_MS } from '@shared/constants'
import { email } from '@shared/schemas/auth'
import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { isApiError } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useForgotPassword } from '../api/forgot-password'
import { AuthLayout, TextLink } from '../components/auth-layout'

const NEUTRAL_SUCCESS =
  "If an account exists with this email, you'll receive a password reset link shortly."

export function ForgotPasswordPage() {
  const navigate = useNavigate()
  const forgotPassword = useForgotPassword()
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()

  useEffect(() => {
    if (!forgotPassword.isSuccess) return
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_AFTER_FORGOT_MS)
    return () => window.clearTimeout(timer)
  }, [forgotPassword.isSuccess, navigate])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!value.trim()) {
      setFieldError('Please enter your email address.')
      toast({
        title: 'Email required',
        description: 'Please enter your email address.',
        variant: 'destructive',
      })
      return
    }
    const parsed = email.safeParse(value)
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address')
      return
    }
    setFieldError(undefined)
    forgotPassword.mutate(
      { email: parsed.data },
      {
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
      },
    )
  }

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
          <FormField label="Email" error={fieldError}>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </FormField>
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

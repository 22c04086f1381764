import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/constants'
import { CircleCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { errorMessage, isApiError } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useResetPassword } from '../api/reset-password'
import { AuthLayout } from '../components/auth-layout'
import { useAuthForm, type Validate } from '../hooks/use-auth-form'

interface ResetPasswordValues extends Record<string, string> {
  password: string
  confirmPassword: string
}

const requireBoth: Validate<ResetPasswordValues, ResetPasswordValues> = (values) => {
  const errors: Partial<ResetPasswordValues> = {}
  if (!values.password) errors.password = 'Password is required'
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password'
  return Object.keys(errors).length > 0 ? { errors } : { data: values }
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const navigate = useNavigate()
  const resetPassword = useResetPassword()
  const warned = useRef(false)

  const form = useAuthForm({
    defaultValues: { password: '', confirmPassword: '' },
    validate: requireBoth,
  })
  const { errors } = form

  useEffect(() => {
    if (token || warned.current) return
    warned.current = true
    toast({
      title: 'Invalid reset link',
      description: 'The password reset link is invalid or missing.',
      variant: 'destructive',
    })
    navigate('/login', { replace: true })
  }, [token, navigate])

  // The spec's checks, in its order, each with its own toast; the field shows the reason too.
  const onSubmit = form.handleSubmit(({ password, confirmPassword }) => {
    if (!token) {
      toast({
        title: 'Invalid token',
        description: 'The password reset link is invalid or missing.',
        variant: 'destructive',
      })
      return
    }
    if (password !== confirmPassword) {
      form.setError('confirmPassword', "Passwords don't match", { shouldFocus: true })
      toast({
        title: "Passwords don't match",
        description: 'Please enter the same password twice.',
        variant: 'destructive',
      })
      return
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      const message = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`
      form.setError('password', message, { shouldFocus: true })
      toast({ title: 'Password too short', description: message, variant: 'destructive' })
      return
    }
    resetPassword.mutate(
      { token, password },
      {
        onError: (error) => {
          // A password the server will not take (a common one, the e-mail) is said at the field.
          const refused = isApiError(error)
            ? error.errors.find((fieldError) => fieldError.path === 'password')
            : undefined
          if (refused) form.setError('password', refused.message, { shouldFocus: true })
          toast({
            title: 'Password reset failed',
            description: errorMessage(
              error,
              'The reset link may have expired or is invalid. Please request a new one.',
            ),
            variant: 'destructive',
          })
        },
      },
    )
  })

  if (resetPassword.isSuccess) {
    return (
      <AuthLayout
        title="Password Reset Successful"
        documentTitle="Reset password"
        description="Your password has been changed. You can now sign in with your new password."
        icon={
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
            <CircleCheck aria-hidden="true" className="size-6" />
          </span>
        }
        back={{ to: '/login', label: 'Back to login' }}
      >
        <Button asChild className="w-full">
          <Link to="/login">Go to Login</Link>
        </Button>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title="Reset your password"
      documentTitle="Reset password"
      description="Choose a new password for your account."
      back={{ to: '/login', label: 'Back to login' }}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField
          label="New password"
          error={errors.password}
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          <Input
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.field('password')}
          />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword}>
          <Input
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.field('confirmPassword')}
          />
        </FormField>
        <PendingButton
          type="submit"
          pending={resetPassword.isPending}
          pendingLabel="Resetting..."
          className="w-full"
        >
          Reset password
        </PendingButton>
      </form>
    </AuthLayout>
  )
}

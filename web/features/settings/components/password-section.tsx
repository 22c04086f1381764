import { zodResolver } from '@hookform/resolvers/zod'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/constants'
import { changePasswordForm } from '@shared/schemas/auth'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useChangePassword } from '../api/change-password'
import { SettingsSection } from './settings-section'

type PasswordFormValues = z.input<typeof changePasswordForm>
type PasswordFormOutput = z.output<typeof changePasswordForm>
const FIELDS = ['currentPassword', 'newPassword'] as const
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function PasswordSection() {
  const { email } = useSession()
  const changePassword = useChangePassword()
  const form = useForm<PasswordFormValues, unknown, PasswordFormOutput>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword })
      form.reset(EMPTY)
      toast({
        title: 'Password changed',
        description: 'You were signed out on your other devices; this one stays signed in.',
      })
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure('Failed to change password', error)
    }
  })

  return (
    <SettingsSection
      id="password-heading"
      title="Password"
      description="Changing it signs you out on every other device."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        {/* Tells password managers whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.register('currentPassword')}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="New password"
            error={errors.newPassword?.message}
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          >
            <Input
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              {...form.register('newPassword')}
            />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              {...form.register('confirmPassword')}
            />
          </FormField>
        </div>
        <div className="flex justify-end">
          <PendingButton
            type="submit"
            pending={changePassword.isPending}
            pendingLabel="Changing..."
          >
            Change password
          </PendingButton>
        </div>
      </form>
    </SettingsSection>
  )
}

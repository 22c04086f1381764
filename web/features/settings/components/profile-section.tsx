import { zodResolver } from '@hookform/resolvers/zod'
import { updateProfileInput } from '@shared/schemas/auth'
import { ROLE_LABELS } from '@shared/schemas/users'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useUpdateProfile } from '../api/update-profile'
import { SettingsSection } from './settings-section'

type ProfileFormValues = z.input<typeof updateProfileInput>
type ProfileFormOutput = z.output<typeof updateProfileInput>
const FIELDS = ['firstName', 'lastName'] as const

export function ProfileSection() {
  const user = useSession()
  const updateProfile = useUpdateProfile()
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(updateProfileInput),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values)
      form.reset({ firstName: saved.firstName, lastName: saved.lastName })
      toast({ title: 'Profile updated', description: 'Your name is saved.' })
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure('Failed to update profile', error)
    }
  })

  return (
    <SettingsSection
      id="profile-heading"
      title="Profile"
      description="Your name as your colleagues and clients see it."
    >
      <div className="grid gap-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </FormField>
          </div>
          <div className="flex justify-end">
            <PendingButton type="submit" pending={updateProfile.isPending} pendingLabel="Saving...">
              Save profile
            </PendingButton>
          </div>
        </form>
        <div className="grid gap-3 border-t pt-5">
          <dl className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <div className="grid min-w-0 gap-1">
              <dt className="text-xs font-medium text-muted-foreground">Email</dt>
              <dd className="text-sm [overflow-wrap:anywhere]">{user.email}</dd>
            </div>
            <div className="grid min-w-0 gap-1">
              <dt className="text-xs font-medium text-muted-foreground">Role</dt>
              <dd className="text-sm">{ROLE_LABELS[user.role]}</dd>
            </div>
            <div className="grid min-w-0 gap-1">
              <dt className="text-xs font-medium text-muted-foreground">Company</dt>
              <dd className="text-sm break-words">{user.company.name}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted-foreground">
            Your email address is how you sign in; it cannot be changed here.
          </p>
        </div>
      </div>
    </SettingsSection>
  )
}

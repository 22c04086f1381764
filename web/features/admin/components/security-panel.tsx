import { zodResolver } from '@hookform/resolvers/zod'
import {
  REQUIRE_MFA,
  REQUIRE_MFA_LABELS,
  SESSION_IDLE_MINUTES,
  SESSION_MAX_HOURS,
  securityPolicyInput,
  type SecurityPolicy,
} from '@shared/schemas/security-policy'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { QueryErrorState } from '@/components/error-state'
import { SelectField } from '@/components/select-field'
import { Card } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Skeleton } from '@/components/ui/skeleton'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { securityPolicyQueries, useUpdateSecurityPolicy } from '../api/security-policy'
import { PanelHeader } from './panel-header'

type Values = z.input<typeof securityPolicyInput>
type Output = z.output<typeof securityPolicyInput>
const FIELDS = ['requireMfa', 'sessionIdleMinutes', 'sessionMaxHours'] as const
const REQUIRE_MFA_OPTIONS = REQUIRE_MFA.map((value) => ({
  value,
  label: REQUIRE_MFA_LABELS[value],
}))

export function SecurityPanel() {
  const policy = useQuery(securityPolicyQueries.get())
  return (
    <section aria-labelledby="security-heading" className="grid gap-4">
      <PanelHeader
        id="security-heading"
        title="Security"
        description="Who must use two-factor sign-in, and how long a session lasts. The Users tab shows who has it on."
      />
      {policy.isPending ? (
        <div role="status" className="grid gap-4 rounded-lg border p-5 sm:p-6">
          <span className="sr-only">Loading the sign-in policy...</span>
          <Skeleton aria-hidden="true" className="h-9 w-full" />
          <Skeleton aria-hidden="true" className="h-9 w-full" />
        </div>
      ) : policy.isError ? (
        <QueryErrorState title="Could not load the sign-in policy" query={policy} />
      ) : (
        <SecurityPolicyForm policy={policy.data} />
      )}
    </section>
  )
}

function SecurityPolicyForm({ policy }: { policy: SecurityPolicy }) {
  const update = useUpdateSecurityPolicy()
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(securityPolicyInput),
    defaultValues: policy,
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      form.reset(await update.mutateAsync(input))
      toast({ title: 'Sign-in policy saved' })
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure('Failed to save the sign-in policy', error)
    }
  })

  return (
    <Card className="min-w-0 p-5 sm:p-6">
      <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-6">
        <SelectField
          control={form.control}
          name="requireMfa"
          label="Two-factor sign-in required of"
          description="Someone required to use it who has not set it up yet can only set it up after signing in. Turn it on for yourself first."
          options={REQUIRE_MFA_OPTIONS}
        />
        <div className="grid gap-5 border-t pt-5 sm:grid-cols-2">
          <FormField
            label="Sign out after being idle for (minutes)"
            error={errors.sessionIdleMinutes?.message}
            description={`${SESSION_IDLE_MINUTES.min} to ${SESSION_IDLE_MINUTES.max.toLocaleString()}; 720 is 12 hours.`}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={SESSION_IDLE_MINUTES.min}
              max={SESSION_IDLE_MINUTES.max}
              className="tabular-nums"
              {...form.register('sessionIdleMinutes', { valueAsNumber: true })}
            />
          </FormField>
          <FormField
            label="Sign out after at most (hours)"
            error={errors.sessionMaxHours?.message}
            description={`${SESSION_MAX_HOURS.min} to ${SESSION_MAX_HOURS.max}; 168 is 7 days.`}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={SESSION_MAX_HOURS.min}
              max={SESSION_MAX_HOURS.max}
              className="tabular-nums"
              {...form.register('sessionMaxHours', { valueAsNumber: true })}
            />
          </FormField>
        </div>
        <div className="flex justify-end">
          <PendingButton type="submit" pending={update.isPending} pendingLabel="Saving...">
            Save policy
          </PendingButton>
        </div>
      </form>
    </Card>
  )
}

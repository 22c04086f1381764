import { zodResolver } from '@hookform/resolvers/zod'
import { timeZone } from '@shared/schemas/organization'
import { reminderPolicyInput, type ReminderPolicy } from '@shared/schemas/reminders'
import { useQuery } from '@tanstack/react-query'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { QueryErrorState } from '@/components/error-state'
import { SwitchField } from '@/components/switch-field'
import { Card } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { PendingButton } from '@/components/ui/pending-button'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { reminderPolicyQueries } from '@/lib/queries/reminders'
import { toast } from '@/lib/toast'
import { useUpdateOrganization } from '../api/update-organization'
import { useUpdateReminderPolicy } from '../api/update-reminder-policy'
import { DayListField } from './day-list-field'
import { EscalationField } from './escalation-field'
import { PanelHeader } from './panel-header'
import { TimeZoneField } from './time-zone-field'

// The policy and, beside its hour, the company's time zone (saved on the organization).
const remindersFormSchema = reminderPolicyInput.extend({ timeZone })
type RemindersFormValues = z.input<typeof remindersFormSchema>
type RemindersFormOutput = z.output<typeof remindersFormSchema>
const POLICY_FIELDS = [
  'enabled',
  'daysBefore',
  'onDueDate',
  'daysAfter',
  'sendHour',
  'escalateAfterDays',
] as const

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}))

const formValues = (policy: ReminderPolicy): RemindersFormValues => ({
  enabled: policy.enabled,
  daysBefore: policy.daysBefore,
  onDueDate: policy.onDueDate,
  daysAfter: policy.daysAfter,
  sendHour: policy.sendHour,
  escalateAfterDays: policy.escalateAfterDays,
  timeZone: policy.timeZone,
})

export function RemindersPanel() {
  const policy = useQuery(reminderPolicyQueries.get())
  return (
    <section aria-labelledby="reminders-heading" className="grid gap-4">
      <PanelHeader
        id="reminders-heading"
        title="Reminders"
        description="When the assignees of requests waiting for the client are reminded by e-mail, and when an audit's lead hears of a request long overdue."
      />
      {policy.isPending ? (
        <RemindersSkeleton />
      ) : policy.isError ? (
        <QueryErrorState title="Could not load the reminder settings" query={policy} />
      ) : (
        <ReminderPolicyForm policy={policy.data} />
      )}
    </section>
  )
}

function ReminderPolicyForm({ policy }: { policy: ReminderPolicy }) {
  const updatePolicy = useUpdateReminderPolicy()
  const updateOrganization = useUpdateOrganization()
  const form = useForm<RemindersFormValues, unknown, RemindersFormOutput>({
    resolver: zodResolver(remindersFormSchema),
    defaultValues: formValues(policy),
  })
  const zone = useWatch({ control: form.control, name: 'timeZone' })
  const pending = updatePolicy.isPending || updateOrganization.isPending

  const onSubmit = form.handleSubmit(async ({ timeZone: chosenZone, ...input }) => {
    if (chosenZone !== policy.timeZone) {
      try {
        await updateOrganization.mutateAsync({ timeZone: chosenZone })
      } catch (error) {
        applyServerFieldErrors(error, form.setError, ['timeZone'])
        toastFailure('Failed to save the time zone', error)
        return
      }
    }
    try {
      const saved = await updatePolicy.mutateAsync(input)
      form.reset(formValues(saved))
      toast({ title: 'Reminder settings saved' })
    } catch (error) {
      applyServerFieldErrors(error, form.setError, POLICY_FIELDS)
      toastFailure('Failed to save reminder settings', error)
    }
  })

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-6">
        <SwitchField
          control={form.control}
          name="enabled"
          label="Send reminders"
          description="E-mail the assignee of each request waiting for the client on the days below. Off: no reminder goes out by itself; “Remind now” on an audit still works."
        />

        <div className="grid gap-5 border-t pt-5">
          <DayListField
            control={form.control}
            name="daysBefore"
            where="before the due date"
            order="descending"
          />
          <label className="flex w-fit cursor-pointer items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              {...form.register('onDueDate')}
            />
            On the due date
          </label>
          <DayListField
            control={form.control}
            name="daysAfter"
            where="after the due date"
            order="ascending"
          />
        </div>

        <div className="grid gap-5 border-t pt-5 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="sendHour"
            render={({ field, fieldState }) => (
              <FormField
                label="Send at"
                error={fieldState.error?.message}
                description={`The hour in the company’s time zone, ${zone || policy.timeZone}.`}
              >
                {(controlProps) => (
                  <Select
                    name={field.name}
                    value={String(field.value)}
                    onValueChange={(value) => field.onChange(Number(value))}
                  >
                    <SelectTrigger
                      {...controlProps}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="tabular-nums"
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {HOURS.map((hour) => (
                        <SelectItem key={hour.value} value={hour.value} className="tabular-nums">
                          {hour.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />
          <TimeZoneField
            control={form.control}
            name="timeZone"
            currentZone={policy.timeZone}
            description="The company’s time zone, also set on the Company tab."
          />
        </div>

        <div className="border-t pt-5">
          <EscalationField control={form.control} name="escalateAfterDays" />
        </div>

        <div className="flex justify-end">
          <PendingButton type="submit" pending={pending} pendingLabel="Saving...">
            Save reminders
          </PendingButton>
        </div>
      </form>
    </Card>
  )
}

function RemindersSkeleton() {
  return (
    <div role="status" className="rounded-lg border p-5 sm:p-6">
      <span className="sr-only">Loading reminder settings...</span>
      <div aria-hidden="true" className="grid gap-6">
        <Skeleton className="h-16 w-full" />
        {[0, 1, 2].map((index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-32 justify-self-end" />
      </div>
    </div>
  )
}

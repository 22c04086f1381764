import { zodResolver } from '@hookform/resolvers/zod'
import { COMPANY_SIZES, INDUSTRIES } from '@shared/constants'
import { updateOrganizationInput, type Organization } from '@shared/schemas/organization'
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
import { organizationQueries } from '@/lib/queries/administration'
import { toast } from '@/lib/toast'
import { useUpdateOrganization } from '../api/update-organization'
import { DateFormatField } from './date-format-field'
import { PanelHeader } from './panel-header'
import { TimeZoneField } from './time-zone-field'

const companyFormSchema = updateOrganizationInput.required()
type CompanyFormValues = z.input<typeof companyFormSchema>
type CompanyFormOutput = z.output<typeof companyFormSchema>
const FIELDS = ['name', 'industry', 'size', 'phone', 'timeZone', 'dateFormat'] as const

export function CompanyPanel() {
  const organization = useQuery(organizationQueries.get())
  return (
    <section aria-labelledby="company-heading" className="grid gap-4">
      <PanelHeader
        id="company-heading"
        title="Company"
        description="Your firm's details, as set at registration. The name shows to everyone you invite."
      />
      {organization.isPending ? (
        <CompanySkeleton />
      ) : organization.isError ? (
        <QueryErrorState title="Could not load the company details" query={organization} />
      ) : (
        <CompanyForm organization={organization.data} />
      )}
    </section>
  )
}

function CompanyForm({ organization }: { organization: Organization }) {
  const updateOrganization = useUpdateOrganization()
  const form = useForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: {
      name: organization.name,
      industry: organization.industry,
      size: organization.size,
      phone: organization.phone,
      timeZone: organization.timeZone,
      dateFormat: organization.dateFormat,
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateOrganization.mutateAsync(values)
      form.reset({
        name: saved.name,
        industry: saved.industry,
        size: saved.size,
        phone: saved.phone,
        timeZone: saved.timeZone,
        dateFormat: saved.dateFormat,
      })
      toast({ title: 'Company details saved' })
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure('Failed to save company details', error)
    }
  })

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label="Company name" error={errors.name?.message}>
          <Input autoComplete="organization" {...form.register('name')} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="industry"
            label="Industry"
            placeholder="Select industry"
            options={INDUSTRIES.map((industry) => ({ value: industry, label: industry }))}
          />
          <SelectField
            control={form.control}
            name="size"
            label="Company size"
            placeholder="Select company size"
            options={COMPANY_SIZES.map((size) => ({ value: size, label: size }))}
          />
        </div>
        <FormField label="Company phone" error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <TimeZoneField
          control={form.control}
          name="timeZone"
          currentZone={organization.timeZone}
          description="Reminders go out at their hour in this zone, and e-mails give dates in it."
        />
        <DateFormatField
          control={form.control}
          name="dateFormat"
          description="How dates read everywhere in the app and in its e-mails, for everyone in your company."
        />
        <div className="flex justify-end">
          <PendingButton
            type="submit"
            pending={updateOrganization.isPending}
            pendingLabel="Saving..."
          >
            Save changes
          </PendingButton>
        </div>
      </form>
    </Card>
  )
}

function CompanySkeleton() {
  return (
    <div role="status" className="rounded-lg border p-5 sm:p-6">
      <span className="sr-only">Loading company details...</span>
      <div aria-hidden="true" className="grid gap-5">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-32 justify-self-end" />
      </div>
    </div>
  )
}

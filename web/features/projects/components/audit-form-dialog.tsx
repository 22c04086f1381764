import { zodResolver } from '@hookform/resolvers/zod'
import {
  AUDIT_STATUS_LABELS,
  AUDIT_STATUSES,
  createAuditInput,
  updateAuditInput,
  type Audit,
} from '@shared/schemas/audits'
import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { Controller, useForm, type Control } from 'react-hook-form'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { templateQueries } from '@/lib/queries/templates'
import { toast } from '@/lib/toast'
import { useCreateAudit } from '../api/create-audit'
import { useUpdateAudit } from '../api/update-audit'

// Every editable field, and (creating only) the template the audit starts from.
const auditFormSchema = updateAuditInput
  .required()
  .extend({ templateId: createAuditInput.shape.templateId })
type AuditFormValues = z.input<typeof auditFormSchema>
type AuditFormOutput = z.output<typeof auditFormSchema>
const FIELDS = ['name', 'description', 'status', 'dueDate', 'templateId'] as const

// An empty date input means "no due date".
const toDueDate = (value: unknown) => (typeof value === 'string' && value ? value : null)

// Radix Select items cannot have an empty value; this one stands for "no template" (undefined).
const NO_TEMPLATE = 'none'

interface AuditFormDialogProps {
  projectId: string
  /** The audit to edit; omitted to create one. */
  audit?: Audit
  trigger: ReactElement
}

export function AuditFormDialog({ projectId, audit, trigger }: AuditFormDialogProps) {
  return (
    <FormDialog
      title={audit ? 'Edit Audit' : 'Create Audit'}
      description={
        audit
          ? "Update the audit's details, status and due date."
          : 'A new audit for this project. It starts in progress.'
      }
      trigger={trigger}
    >
      {(done) => <AuditForm projectId={projectId} audit={audit} onDone={done} />}
    </FormDialog>
  )
}

function AuditForm({
  projectId,
  audit,
  onDone,
}: {
  projectId: string
  audit?: Audit
  onDone: () => void
}) {
  const createAudit = useCreateAudit()
  const updateAudit = useUpdateAudit()
  const form = useForm<AuditFormValues, unknown, AuditFormOutput>({
    resolver: zodResolver(auditFormSchema),
    defaultValues: {
      name: audit?.name ?? '',
      description: audit?.description ?? '',
      status: audit?.status ?? 'in_progress',
      dueDate: audit?.dueDate ?? null,
      templateId: undefined,
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ status, templateId, ...values }) => {
    try {
      if (audit) {
        await updateAudit.mutateAsync({ id: audit.id, input: { ...values, status } })
        toast({ title: 'Audit updated successfully' })
      } else {
        await createAudit.mutateAsync({ ...values, projectId, templateId })
        toast({ title: 'Audit created successfully' })
      }
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(audit ? 'Failed to update audit' : 'Failed to create audit', error)
    }
  })

  const pending = createAudit.isPending || updateAudit.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      {audit ? (
        <Controller
          control={form.control}
          name="status"
          render={({ field, fieldState }) => (
            <FormField label="Status" error={fieldState.error?.message}>
              {(controlProps) => (
                <Select value={field.value ?? ''} onValueChange={field.onChange}>
                  <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder="Select a status" />
                  </SelectTrigger>
                  <SelectContent>
                    {AUDIT_STATUSES.map((status) => (
                      <SelectItem key={status} value={status}>
                        {AUDIT_STATUS_LABELS[status]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
          )}
        />
      ) : null}
      <FormField
        label="Due date (optional)"
        error={errors.dueDate?.message}
        description="Leave empty if the audit has no due date."
      >
        <Input
          type="date"
          className="w-full sm:w-48"
          {...form.register('dueDate', { setValueAs: toDueDate })}
        />
      </FormField>
      {audit ? null : <TemplateSelect control={form.control} />}
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={audit ? 'Saving...' : 'Creating...'}
        >
          {audit ? 'Save Changes' : 'Create Audit'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

/** Optional: the audit starts with one draft request per item of the chosen template. */
function TemplateSelect({
  control,
}: {
  control: Control<AuditFormValues, unknown, AuditFormOutput>
}) {
  const templates = useQuery(templateQueries.list())
  return (
    <Controller
      control={control}
      name="templateId"
      render={({ field, fieldState }) => (
        <FormField
          label="From template (optional)"
          error={fieldState.error?.message}
          description={
            templates.isError
              ? 'The templates could not be loaded; the audit can still be created without one.'
              : 'Each item of the template becomes a draft request of the audit.'
          }
        >
          {(controlProps) => (
            <Select
              value={field.value ?? NO_TEMPLATE}
              onValueChange={(value) => field.onChange(value === NO_TEMPLATE ? undefined : value)}
              disabled={!templates.data}
            >
              <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder="No template" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_TEMPLATE}>No template</SelectItem>
                {templates.data?.map((template) => (
                  <SelectItem key={template.id} value={template.id}>
                    {template.name} ({countOf(template.itemCount, 'item')})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      )}
    />
  )
}

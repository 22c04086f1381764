import { zodResolver } from '@hookform/resolvers/zod'
import {
  AUDIT_STATUS_LABELS,
  AUDIT_STATUSES,
  createAuditInput,
  updateAuditInput,
  type Audit,
} from '@shared/schemas/audits'
import { useQuery } from '@tanstack/react-query'
import { useRef, type ReactElement } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { SelectField } from '@/components/select-field'
import { TemplateSelectField } from '@/components/template-select-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { starterListsQuery, useCopyStarterList } from '@/lib/queries/template-library'
import { useCan } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useCreateAudit } from '../api/create-audit'
import { useUpdateAudit } from '../api/update-audit'

// Every field of the form, and (creating only) the template the audit starts from; pausing its
// reminders is done on the audit's page.
const auditFormSchema = updateAuditInput.omit({ remindersPaused: true }).required().extend({
  templateId: createAuditInput.shape.templateId,
  /** A starter list to copy into the firm's templates and start from (instead of a template). */
  starterList: z.string().optional(),
})
type AuditFormValues = z.input<typeof auditFormSchema>
type AuditFormOutput = z.output<typeof auditFormSchema>
const FIELDS = ['name', 'description', 'status', 'dueDate', 'templateId'] as const

// An empty date input means "no due date".
const toDueDate = (value: unknown) => (typeof value === 'string' && value ? value : null)

// Radix Select items cannot have an empty value; this one stands for "no template" (undefined).

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
  const navigate = useNavigate()
  const form = useForm<AuditFormValues, unknown, AuditFormOutput>({
    resolver: zodResolver(auditFormSchema),
    defaultValues: {
      name: audit?.name ?? '',
      description: audit?.description ?? '',
      status: audit?.status ?? 'in_progress',
      dueDate: audit?.dueDate ?? null,
      templateId: undefined,
      starterList: undefined,
    },
  })
  const { errors } = form.formState
  const copyStarterList = useCopyStarterList()
  const copied = useRef<{ key: string; id: string } | null>(null)
  const canCopyLists = useCan('templates.manage') && !audit
  const starters = useQuery({ ...starterListsQuery(), enabled: canCopyLists })
  const chosenTemplate = useWatch({ control: form.control, name: 'templateId' })

  const onSubmit = form.handleSubmit(async ({ status, templateId, starterList, ...values }) => {
    try {
      if (audit) {
        await updateAudit.mutateAsync({ id: audit.id, input: { ...values, status } })
        toast({ title: 'Audit updated successfully' })
        onDone()
      } else {
        // A starter list becomes one of the firm's templates first, then the audit's requests.
        // Copied once: a retry after a refused audit starts from the same copy.
        if (starterList && !templateId && copied.current?.key !== starterList)
          copied.current = {
            key: starterList,
            id: (await copyStarterList.mutateAsync(starterList)).id,
          }
        const from = templateId ?? (starterList ? copied.current?.id : undefined)
        const created = await createAudit.mutateAsync({ ...values, projectId, templateId: from })
        toast({ title: 'Audit created successfully' })
        onDone()
        // The audit's own page (the audits feature): reached by path, not imported.
        void navigate(`/audits/${created.id}`)
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(audit ? 'Failed to update audit' : 'Failed to create audit', error)
    }
  })

  const pending = createAudit.isPending || updateAudit.isPending || copyStarterList.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      {audit ? (
        <SelectField
          control={form.control}
          name="status"
          label="Status"
          placeholder="Select a status"
          options={AUDIT_STATUSES.map((status) => ({
            value: status,
            label: AUDIT_STATUS_LABELS[status],
          }))}
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
      {audit ? null : (
        <TemplateSelectField
          control={form.control}
          name="templateId"
          label="From template (optional)"
          optional
          description={
            canCopyLists
              ? 'Each item of the template becomes a draft request of the audit.'
              : 'Each item of the template becomes a draft request of the audit. No template yet? An admin can copy a starter list on the Templates page.'
          }
        />
      )}
      {canCopyLists && !chosenTemplate ? (
        <SelectField
          control={form.control}
          name="starterList"
          label="Or start from a starter list (optional)"
          none={{ label: 'No starter list', value: undefined }}
          options={starters.data?.map((list) => ({
            value: list.key,
            label: `${list.name} (${countOf(list.itemCount, 'item')})`,
          }))}
          loadingLabel={starters.isError ? 'The starter lists could not be loaded' : 'Loading...'}
          description="It is copied into your templates, where you can change it, and the audit starts from the copy."
        />
      ) : null}
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

import { zodResolver } from '@hookform/resolvers/zod'
import {
  ROLL_FORWARD_DAYS,
  rollForwardInput,
  type AuditDetail,
  type RollForwardPreview,
} from '@shared/schemas/audits'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { CalendarSync } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormError } from '@/components/form-error'
import { PagedComboboxField } from '@/components/paged-combobox-field'
import { SwitchField } from '@/components/switch-field'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Spinner } from '@/components/ui/spinner'
import { formatCalendarDate } from '@/lib/dates'
import { applyServerFieldErrors, serverMessage, toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { projectQueries } from '@/lib/queries/engagements'
import { toast } from '@/lib/toast'
import { usePagedSearch } from '@/lib/use-paged-search'
import { rollForwardPreview, useRollForward } from '../api/roll-forward'

type Values = z.input<typeof rollForwardInput>
type Output = z.output<typeof rollForwardInput>
const FIELDS = ['projectId', 'name', 'shiftDays', 'linkPrevious'] as const

/** "Year-end 2026" → "Year-end 2027": each year in the name, a year on. */
export const nextPeriodName = (name: string) =>
  name.replace(/\b(19|20)(\d\d)\b/g, (year) => String(Number(year) + 1))

/** "Roll Forward": next period's audit from this one, with what it copies shown first. */
export function RollForwardDialog({ audit }: { audit: AuditDetail }) {
  return (
    <FormDialog
      title="Roll Forward"
      description={`Starts the next period's audit from "${audit.name}": every request as a draft, in its order, with its due date moved. Answers, files and comments stay here.`}
      trigger={
        <Button variant="outline">
          <CalendarSync aria-hidden="true" />
          Roll Forward
        </Button>
      }
    >
      {(done) => <RollForwardForm audit={audit} onDone={done} />}
    </FormDialog>
  )
}

function RollForwardForm({ audit, onDone }: { audit: AuditDetail; onDone: () => void }) {
  const navigate = useNavigate()
  const rollForward = useRollForward()
  const projects = usePagedSearch((q) => projectQueries.list({ q, clientId: audit.client.id }))
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(rollForwardInput),
    defaultValues: {
      name: nextPeriodName(audit.name),
      projectId: audit.project.id,
      shiftDays: ROLL_FORWARD_DAYS.default,
      linkPrevious: false,
    },
  })
  const { errors } = form.formState
  const [projectId, shiftDays] = useWatch({
    control: form.control,
    name: ['projectId', 'shiftDays'],
  })
  const valid = rollForwardInput.safeParse({ projectId, shiftDays, name: audit.name })
  const preview = useQuery({
    ...rollForwardPreview({
      auditId: audit.id,
      input: valid.success ? valid.data : { projectId: '', name: '' },
    }),
    enabled: valid.success,
    placeholderData: keepPreviousData,
  })

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const created = await rollForward.mutateAsync({ auditId: audit.id, input })
      toast({
        title: `${created.name} started with ${countOf(preview.data?.requests ?? 0, 'request')}`,
      })
      onDone()
      void navigate(`/audits/${created.id}`)
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure('Failed to roll the audit forward', error)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <PagedComboboxField
        control={form.control}
        name="projectId"
        label="Project"
        placeholder="Search for a project"
        list={projects}
        toOption={(project) => ({ value: project.id, label: project.name })}
        loadError="The projects could not be loaded."
        currentLabel={audit.project.name}
        description={`A project of ${audit.client.name}.`}
      />
      <FormField
        label="Move due dates by (days)"
        error={errors.shiftDays?.message}
        description="365 moves every date a year on; a negative number moves them back."
      >
        <Input
          type="number"
          inputMode="numeric"
          className="w-full sm:w-40"
          {...form.register('shiftDays', { valueAsNumber: true })}
        />
      </FormField>
      <SwitchField
        control={form.control}
        name="linkPrevious"
        label="Show this period's answers"
        description="Each request shows its accepted answer from this audit (words and files), to the firm and the client, for reference."
      />
      <PreviewPanel
        preview={preview.data}
        loading={preview.isFetching}
        failure={
          preview.isError ? (serverMessage(preview.error) ?? 'The preview failed.') : undefined
        }
      />
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={rollForward.isPending}
          pendingLabel="Rolling forward..."
        >
          Roll Forward
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

function PreviewPanel({
  preview,
  loading,
  failure,
}: {
  preview: RollForwardPreview | undefined
  loading: boolean
  failure: string | undefined
}) {
  if (failure) return <FormError message={failure} variant="banner" />
  if (!preview) return loading ? <Spinner label="Reading what will be copied…" showLabel /> : null
  const kept = preview.assignees.filter((assignee) => assignee.kept)
  const dropped = preview.assignees.filter((assignee) => !assignee.kept)
  return (
    <section aria-label="What will be copied" className="grid gap-2 rounded-md border p-3 text-sm">
      <p role="status" className="font-medium">
        {countOf(preview.requests, 'request')} will be copied as drafts
        {loading ? <span className="sr-only"> (updating)</span> : null}.
      </p>
      {preview.sections.some((section) => section.name !== null) ? (
        <ul aria-label="By section" className="grid gap-0.5 text-muted-foreground">
          {preview.sections.map((section) => (
            <li key={section.name ?? ''} className="flex justify-between gap-3">
              <span className="truncate">{section.name ?? 'No section'}</span>
              <span className="tabular-nums">{section.requests}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="grid gap-1 text-muted-foreground">
        <li>
          Due dates:{' '}
          {preview.firstDue && preview.lastDue
            ? `${formatCalendarDate(preview.firstDue)} to ${formatCalendarDate(preview.lastDue)}`
            : 'none'}
          {preview.withoutDueDate > 0 ? ` (${preview.withoutDueDate} without one)` : ''}.
          {preview.dueDate ? ` The audit is due ${formatCalendarDate(preview.dueDate)}.` : ''}
        </li>
        {kept.length > 0 ? (
          <li>
            Assignees kept:{' '}
            {kept.map((assignee) => `${assignee.name} (${assignee.requests})`).join(', ')}.
          </li>
        ) : null}
        {dropped.map((assignee, index) => (
          <li key={index} className="text-foreground">
            {assignee.name}’s {countOf(assignee.requests, 'request')} will have no assignee:{' '}
            {assignee.reason}.
          </li>
        ))}
      </ul>
    </section>
  )
}

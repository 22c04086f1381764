import { zodResolver } from '@hookform/resolvers/zod'
import { reasonInput } from '@shared/schemas/requests'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors } from '@/lib/mutation-feedback'

type ReasonValues = z.input<typeof reasonInput>

interface ReasonDialogProps {
  title: string
  description: string
  label: string
  submitLabel: string
  pendingLabel: string
  trigger: ReactElement
  /** Rejects with the server's error: the dialog stays open with the reason kept. */
  onSubmit: (reason: string) => Promise<unknown>
}

/** A staff decision that needs a reason (return to the client, not applicable). */
export function ReasonDialog({ title, description, trigger, ...props }: ReasonDialogProps) {
  return (
    <FormDialog title={title} description={description} trigger={trigger}>
      {(done) => <ReasonForm {...props} onDone={done} />}
    </FormDialog>
  )
}

function ReasonForm({
  label,
  submitLabel,
  pendingLabel,
  onSubmit,
  onDone,
}: Omit<ReasonDialogProps, 'title' | 'description' | 'trigger'> & { onDone: () => void }) {
  const form = useForm<ReasonValues>({
    resolver: zodResolver(reasonInput),
    defaultValues: { reason: '' },
  })
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onSubmit(reason)
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['reason'])
    }
  })
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label={label} error={form.formState.errors.reason?.message}>
        <Textarea rows={4} {...form.register('reason')} />
      </FormField>
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={form.formState.isSubmitting}
          pendingLabel={pendingLabel}
        >
          {submitLabel}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

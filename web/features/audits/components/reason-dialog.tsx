import { zodResolver } from '@hookform/resolvers/zod'
import { reasonInput } from '@shared/schemas/requests'
import { useState, type ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { DialogFooter } from '@/components/ui/dialog'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors } from '@/lib/mutation-feedback'
import { saveReason, savedReasons } from '../lib/saved-reasons'

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
  /** Offers the reasons given before for this kind of decision, and remembers this one. */
  savedAs?: 'return' | 'not_applicable'
}

/**
 * Words to send with an action: the firm's reason (return, not applicable, declining a proposal),
 * the client's proposal or question.
 */
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
  savedAs,
}: Omit<ReasonDialogProps, 'title' | 'description' | 'trigger'> & { onDone: () => void }) {
  const form = useForm<ReasonValues>({
    resolver: zodResolver(reasonInput),
    defaultValues: { reason: '' },
  })
  const [saved] = useState(() => (savedAs ? savedReasons(savedAs) : []))
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onSubmit(reason)
      if (savedAs) saveReason(savedAs, reason)
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
      {saved.length > 0 ? (
        <div role="group" aria-label="Reasons given before" className="grid gap-1.5">
          <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
            Reasons given before
          </span>
          <div className="flex flex-wrap gap-1.5">
            {saved.map((reason) => (
              <Button
                key={reason}
                type="button"
                variant="outline"
                size="sm"
                className="h-auto max-w-full py-1 text-left whitespace-normal"
                onClick={() => {
                  form.setValue('reason', reason, { shouldValidate: true })
                  form.setFocus('reason')
                }}
              >
                {reason}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
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

import { zodResolver } from '@hookform/resolvers/zod'
import { fromTemplateInput } from '@shared/schemas/requests'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { TemplateSelectField } from '@/components/template-select-field'
import { DialogFooter } from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { useAddFromTemplate } from '../api/add-from-template'

type FromTemplateValues = z.input<typeof fromTemplateInput>

export function AddFromTemplateDialog({
  auditId,
  trigger,
}: {
  auditId: string
  trigger: ReactElement
}) {
  return (
    <FormDialog
      title="Add from Template"
      description="Copies the template's items as draft requests after the last request."
      trigger={trigger}
    >
      {(done) => <AddFromTemplateForm auditId={auditId} onDone={done} />}
    </FormDialog>
  )
}

function AddFromTemplateForm({ auditId, onDone }: { auditId: string; onDone: () => void }) {
  const addFromTemplate = useAddFromTemplate()
  const form = useForm<FromTemplateValues>({
    resolver: zodResolver(fromTemplateInput),
    defaultValues: { templateId: '' },
  })

  const onSubmit = form.handleSubmit(async ({ templateId }) => {
    try {
      const added = await addFromTemplate.mutateAsync({ auditId, templateId })
      toast({ title: `${countOf(added.length, 'request')} added` })
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['templateId'])
      toastFailure('Failed to add requests', error)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TemplateSelectField control={form.control} name="templateId" label="Template" />
      <DialogFooter>
        <PendingButton type="submit" pending={addFromTemplate.isPending} pendingLabel="Adding...">
          Add Requests
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

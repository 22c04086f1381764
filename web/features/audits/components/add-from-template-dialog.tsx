import { zodResolver } from '@hookform/resolvers/zod'
import { fromTemplateInput } from '@shared/schemas/requests'
import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { PendingButton } from '@/components/ui/pending-button'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { templateQueries } from '@/lib/queries/templates'
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
  const templates = useQuery(templateQueries.list())
  const addFromTemplate = useAddFromTemplate()
  const form = useForm<FromTemplateValues>({
    resolver: zodResolver(fromTemplateInput),
    defaultValues: { templateId: '' },
  })
  const { errors } = form.formState

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
      <Controller
        control={form.control}
        name="templateId"
        render={({ field }) => (
          <FormField
            label="Template"
            error={
              errors.templateId?.message ??
              (templates.isError ? 'The templates could not be loaded.' : undefined)
            }
          >
            {(controlProps) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={!templates.data}>
                <SelectTrigger {...controlProps} onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue
                    placeholder={templates.isPending ? 'Loading...' : 'Select a template'}
                  />
                </SelectTrigger>
                <SelectContent>
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
      <DialogFooter>
        <PendingButton type="submit" pending={addFromTemplate.isPending} pendingLabel="Adding...">
          Add Requests
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

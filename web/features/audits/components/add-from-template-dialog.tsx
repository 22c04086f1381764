import { useState, type ReactElement } from 'react'
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
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { countOf } from '@/lib/plural'
import { useAddFromTemplate } from '../api/add-from-template'
import { useTemplateOptions } from '../api/get-template-options'

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
  const templates = useTemplateOptions()
  const addFromTemplate = useAddFromTemplate()
  const [templateId, setTemplateId] = useState('')
  const [error, setError] = useState<string>()

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!templateId) return setError('Choose a template')
    addFromTemplate.mutateAsync({ auditId, templateId }).then(
      (added) => {
        toast({
          title: `${countOf(added.length, 'request')} added`,
        })
        onDone()
      },
      (failure: unknown) => toastFailure('Failed to add requests', failure),
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField
        label="Template"
        error={error ?? (templates.isError ? 'The templates could not be loaded.' : undefined)}
      >
        {(controlProps) => (
          <Select
            value={templateId}
            onValueChange={(value) => {
              setTemplateId(value)
              setError(undefined)
            }}
            disabled={!templates.data}
          >
            <SelectTrigger {...controlProps}>
              <SelectValue placeholder={templates.isPending ? 'Loading...' : 'Select a template'} />
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
      <DialogFooter>
        <PendingButton type="submit" pending={addFromTemplate.isPending} pendingLabel="Adding...">
          Add Requests
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { updateTemplateInput, type Template } from '@shared/schemas/templates'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { PagedComboboxField } from '@/components/paged-combobox-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { categoryQueries } from '@/lib/queries/templates'
import { toast } from '@/lib/toast'
import { usePagedSearch } from '@/lib/use-paged-search'
import { useCreateTemplate } from '../api/create-template'
import { useUpdateTemplate } from '../api/update-template'

const templateFormSchema = updateTemplateInput.required()
type TemplateFormValues = z.input<typeof templateFormSchema>
type TemplateFormOutput = z.output<typeof templateFormSchema>
const FIELDS = ['name', 'categoryId', 'description'] as const

interface TemplateFormDialogProps {
  /** The template to edit; omitted to create one. */
  template?: Template
  trigger: ReactElement
}

export function TemplateFormDialog({ template, trigger }: TemplateFormDialogProps) {
  return (
    <FormDialog
      title={template ? 'Edit Template' : 'Create Template'}
      description={
        template
          ? "Update the template's name, category and description."
          : 'A reusable checklist. Add its items after creating it.'
      }
      trigger={trigger}
    >
      {(done) => <TemplateForm template={template} onDone={done} />}
    </FormDialog>
  )
}

function TemplateForm({ template, onDone }: { template?: Template; onDone: () => void }) {
  const categories = usePagedSearch((q) => categoryQueries.list({ q }))
  const createTemplate = useCreateTemplate()
  const updateTemplate = useUpdateTemplate()
  const navigate = useNavigate()
  const form = useForm<TemplateFormValues, unknown, TemplateFormOutput>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: {
      name: template?.name ?? '',
      categoryId: template?.categoryId ?? null,
      description: template?.description ?? '',
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (template) {
        await updateTemplate.mutateAsync({ id: template.id, input: values })
        toast({ title: 'Template updated successfully' })
        onDone()
      } else {
        const created = await createTemplate.mutateAsync(values)
        toast({ title: 'Template created successfully' })
        onDone()
        // A new template is empty: its page is where its items are added.
        void navigate(`/templates/${created.id}`)
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(template ? 'Failed to update template' : 'Failed to create template', error)
    }
  })

  const pending = createTemplate.isPending || updateTemplate.isPending
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <PagedComboboxField
        control={form.control}
        name="categoryId"
        label="Category"
        placeholder="Search for a category"
        list={categories}
        toOption={(category) => ({ value: category.id, label: category.name })}
        loadError="The categories could not be loaded."
        currentLabel={template?.categoryName ?? undefined}
        none={{ label: 'None', value: null }}
      />
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={template ? 'Saving...' : 'Creating...'}
        >
          {template ? 'Save Changes' : 'Create Template'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

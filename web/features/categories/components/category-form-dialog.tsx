import { zodResolver } from '@hookform/resolvers/zod'
import { updateCategoryInput, type Category } from '@shared/schemas/templates'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useCreateCategory } from '../api/create-category'
import { useUpdateCategory } from '../api/update-category'

const categoryFormSchema = updateCategoryInput.required()
type CategoryFormValues = z.input<typeof categoryFormSchema>
type CategoryFormOutput = z.output<typeof categoryFormSchema>
const FIELDS = ['name', 'description'] as const

interface CategoryFormDialogProps {
  /** The category to edit; omitted to create one. */
  category?: Category
  trigger: ReactElement
}

export function CategoryFormDialog({ category, trigger }: CategoryFormDialogProps) {
  return (
    <FormDialog
      title={category ? 'Edit Category' : 'Create Category'}
      description={
        category
          ? "Update the category's name and description."
          : 'Categories group your checklist templates.'
      }
      trigger={trigger}
    >
      {(done) => <CategoryForm category={category} onDone={done} />}
    </FormDialog>
  )
}

function CategoryForm({ category, onDone }: { category?: Category; onDone: () => void }) {
  const createCategory = useCreateCategory()
  const updateCategory = useUpdateCategory()
  const form = useForm<CategoryFormValues, unknown, CategoryFormOutput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (category) {
        await updateCategory.mutateAsync({ id: category.id, input: values })
        toast({ title: 'Category updated successfully' })
      } else {
        await createCategory.mutateAsync(values)
        toast({ title: 'Category created successfully' })
      }
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(category ? 'Failed to update category' : 'Failed to create category', error)
    }
  })

  const pending = createCategory.isPending || updateCategory.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={category ? 'Saving...' : 'Creating...'}
        >
          {category ? 'Save Changes' : 'Create Category'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

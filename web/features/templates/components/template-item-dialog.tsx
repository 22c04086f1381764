import { zodResolver } from '@hookform/resolvers/zod'
import { updateTemplateItemInput, type TemplateItem } from '@shared/schemas/templates'
import { type ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { SwitchField } from '@/components/switch-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useCreateTemplateItem } from '../api/create-template-item'
import { useUpdateTemplateItem } from '../api/update-template-item'

const itemFormSchema = updateTemplateItemInput.required()
type ItemFormValues = z.input<typeof itemFormSchema>
type ItemFormOutput = z.output<typeof itemFormSchema>
const FIELDS = ['title', 'description', 'order', 'requiresDocument', 'requiresResponse'] as const

// Spec §5: a non-numeric order becomes 0.
const toOrder = (value: unknown) => {
  const number = typeof value === 'number' ? value : Number(value)
  return value === '' || value === null || Number.isNaN(number) ? 0 : number
}

interface TemplateItemDialogProps {
  templateId: string
  /** The item to edit; omitted to add one. */
  item?: TemplateItem
  /** A new item's default order: the current number of items. */
  defaultOrder: number
  trigger: ReactElement
}

export function TemplateItemDialog({
  templateId,
  item,
  defaultOrder,
  trigger,
}: TemplateItemDialogProps) {
  return (
    <FormDialog
      title={item ? 'Edit Item' : 'Add Item'}
      description={item ? 'Update this checklist item.' : 'A new checklist item for this template.'}
      trigger={trigger}
    >
      {(done) => (
        <TemplateItemForm
          templateId={templateId}
          item={item}
          defaultOrder={defaultOrder}
          onDone={done}
        />
      )}
    </FormDialog>
  )
}

function TemplateItemForm({
  templateId,
  item,
  defaultOrder,
  onDone,
}: {
  templateId: string
  item?: TemplateItem
  defaultOrder: number
  onDone: () => void
}) {
  const createItem = useCreateTemplateItem()
  const updateItem = useUpdateTemplateItem()
  const form = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: {
      title: item?.title ?? '',
      description: item?.description ?? '',
      order: item?.order ?? defaultOrder,
      requiresDocument: item?.requiresDocument ?? false,
      requiresResponse: item?.requiresResponse ?? false,
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (item) {
        await updateItem.mutateAsync({ id: item.id, input: values })
        toast({ title: 'Item updated successfully' })
      } else {
        await createItem.mutateAsync({ ...values, templateId })
        toast({ title: 'Item added successfully' })
      }
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(item ? 'Failed to update item' : 'Failed to add item', error)
    }
  })

  const pending = createItem.isPending || updateItem.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Title" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <FormField
        label="Order"
        error={errors.order?.message}
        description="Lower numbers appear first in the checklist"
      >
        <Input
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          className="w-full sm:w-32"
          {...form.register('order', { setValueAs: toOrder })}
        />
      </FormField>
      <SwitchField
        control={form.control}
        name="requiresDocument"
        label="Requires Document"
        description="The client must upload a document for this item."
      />
      <SwitchField
        control={form.control}
        name="requiresResponse"
        label="Requires Response"
        description="The client must answer this item in writing."
      />
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={item ? 'Saving...' : 'Adding...'}
        >
          {item ? 'Save Changes' : 'Add Item'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

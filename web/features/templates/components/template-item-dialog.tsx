import { zodResolver } from '@hookform/resolvers/zod'
import {
  ITEM_BATCH_MAX,
  titleLineError,
  titleLines,
  updateTemplateItemInput,
  type TemplateItem,
} from '@shared/schemas/templates'
import { type ReactElement } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import {
  AnswerTypeFields,
  answerTypeFormFields,
  answerTypeInput,
  checkAnswerType,
  choicesText,
} from '@/components/answer-type-fields'
import { FormDialog } from '@/components/form-dialog'
import { SwitchField } from '@/components/switch-field'
import { SectionReferenceFields } from '@/components/section-reference-fields'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { isApiError } from '@/lib/api'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { useCreateTemplateItem } from '../api/create-template-item'
import { useCreateTemplateItems } from '../api/create-template-items'
import { useUpdateTemplateItem } from '../api/update-template-item'

const itemFormSchema = updateTemplateItemInput
  .required()
  .extend(answerTypeFormFields)
  .superRefine(checkAnswerType)
type ItemFormValues = z.input<typeof itemFormSchema>
type ItemFormOutput = z.output<typeof itemFormSchema>
const FIELDS = [
  'title',
  'description',
  'section',
  'reference',
  'order',
  'dueDaysBefore',
  'requiresDocument',
  'requiresResponse',
  'answerType',
  'choices',
] as const

// An empty field means no due date from the template.
const toDaysBefore = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value)

type TitleLine = ReturnType<typeof titleLines>[number]

/** Why several pasted lines cannot all be added, naming the first bad line, if they cannot. */
function severalTitlesError(lines: TitleLine[]): string | undefined {
  if (lines.length > ITEM_BATCH_MAX)
    return `At most ${ITEM_BATCH_MAX} items at once: these lines hold ${lines.length}`
  for (const { title, line } of lines) {
    const message = titleLineError(title, line)
    if (message) return message
  }
  return undefined
}

const oneItem = zodResolver(itemFormSchema)

/**
 * One item, or (adding, with several non-blank lines in Title) one per line: then only the lines
 * and the two switches count, and the lines are checked as the server checks them.
 */
const itemFormResolver: Resolver<ItemFormValues, unknown, ItemFormOutput> = (
  values,
  context,
  options,
) => {
  const lines = titleLines(values.title ?? '')
  if (lines.length <= 1) return oneItem(values, context, options)
  const message = severalTitlesError(lines)
  if (message) return { values: {}, errors: { title: { type: 'validate', message } } }
  // Only the lines and the two switches are read for several items.
  return { values: { ...values, choices: [] } as ItemFormOutput, errors: {} }
}

/** The server's message for line `index` of the titles sent, told by the line in the field. */
function lineErrorOf(error: unknown, lines: TitleLine[]): string | undefined {
  if (!isApiError(error)) return undefined
  for (const { path, message } of error.errors) {
    const index = /^titles\.(\d+)$/.exec(path)?.[1]
    const line = index === undefined ? undefined : lines[Number(index)]
    if (line) return message.replace(/^Line \d+:/, `Line ${line.line}:`)
    if (path === 'titles') return message
  }
  return undefined
}

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
  const createItems = useCreateTemplateItems()
  const updateItem = useUpdateTemplateItem()
  const form = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver: itemFormResolver,
    defaultValues: {
      title: item?.title ?? '',
      description: item?.description ?? '',
      section: item?.section ?? '',
      reference: item?.reference ?? '',
      order: item?.order ?? defaultOrder,
      requiresDocument: item?.requiresDocument ?? false,
      requiresResponse: item?.requiresResponse ?? false,
      dueDaysBefore: item?.dueDaysBefore ?? null,
      answerType: item?.answerType ?? 'text',
      choices: choicesText(item?.choices),
    },
  })
  const type = useWatch({ control: form.control, name: 'answerType' })
  const { errors } = form.formState
  const titleText = useWatch({ control: form.control, name: 'title' })
  // Adding: one item per non-blank line of Title.
  const count = item ? 1 : titleLines(titleText ?? '').length
  const several = count > 1

  const onSubmit = form.handleSubmit(async (values) => {
    const lines = titleLines(values.title)
    if (!item && lines.length > 1) {
      try {
        await createItems.mutateAsync({
          templateId,
          titles: lines.map((line) => line.title),
          requiresDocument: values.requiresDocument,
          requiresResponse: values.requiresResponse,
        })
        toast({ title: `${lines.length} items added successfully` })
        onDone()
      } catch (error) {
        const message = lineErrorOf(error, lines)
        if (message) form.setError('title', { type: 'server', message }, { shouldFocus: true })
        toastFailure('Failed to add items', error)
      }
      return
    }
    const input = {
      ...values,
      ...answerTypeInput(values),
      // Only a written answer can be required; any type can require a document.
      requiresResponse: values.answerType === 'text' && values.requiresResponse,
    }
    try {
      if (item) {
        await updateItem.mutateAsync({ id: item.id, input })
        toast({ title: 'Item updated successfully' })
      } else {
        await createItem.mutateAsync({ ...input, templateId })
        toast({ title: 'Item added successfully' })
      }
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(item ? 'Failed to update item' : 'Failed to add item', error)
    }
  })

  const pending = createItem.isPending || createItems.isPending || updateItem.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {item ? (
        <FormField label="Title" error={errors.title?.message}>
          <Input autoComplete="off" {...form.register('title')} />
        </FormField>
      ) : (
        <>
          <FormField
            label="Title"
            error={errors.title?.message}
            description={`To add several items, paste their titles one per line (at most ${ITEM_BATCH_MAX}).`}
          >
            <Textarea
              rows={several ? 6 : 2}
              autoComplete="off"
              className="min-h-0"
              {...form.register('title')}
            />
          </FormField>
          {/* Always there (announced when it fills), out of the layout while empty. */}
          <p role="status" className={several ? 'text-sm font-medium' : 'sr-only'}>
            {several ? `${countOf(count, 'item')} will be added` : ''}
          </p>
        </>
      )}
      {several ? null : (
        <>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea rows={3} {...form.register('description')} />
          </FormField>
          <SectionReferenceFields
            section={{ field: form.register('section'), error: errors.section?.message }}
            reference={{ field: form.register('reference'), error: errors.reference?.message }}
          />
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
          <FormField
            label="Due (days before the audit’s due date)"
            error={errors.dueDaysBefore?.message}
            description="An audit created from this template with a due date gives this request its due date. Leave empty for none; 0 is the audit's own due date."
          >
            <Input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className="w-full sm:w-32"
              {...form.register('dueDaysBefore', { setValueAs: toDaysBefore })}
            />
          </FormField>
          <AnswerTypeFields
            control={form.control}
            name="answerType"
            value={type}
            choices={{ field: form.register('choices'), error: errors.choices?.message }}
          />
        </>
      )}
      <SwitchField
        control={form.control}
        name="requiresDocument"
        label="Requires Document"
        description={`The client must upload a document for ${several ? 'each of these items' : 'this item'}.`}
      />
      {several || type === 'text' ? (
        <SwitchField
          control={form.control}
          name="requiresResponse"
          label="Requires Response"
          description={`The client must answer ${several ? 'each of these items' : 'this item'} in writing.`}
        />
      ) : null}
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={item ? 'Saving...' : 'Adding...'}
        >
          {item ? 'Save Changes' : several ? `Add ${count} Items` : 'Add Item'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

import { z } from 'zod'
import { LIMITS, optionalText, requiredText, timestamps } from './common'
import { pageFields } from './pagination'

const templateFields = {
  name: requiredText('Name'),
  description: optionalText('Description', LIMITS.description),
  categoryId: z.uuid({ error: 'Category must be a valid id' }).nullable(),
}

export const createTemplateInput = z.strictObject({
  ...templateFields,
  description: templateFields.description.optional().default(null),
  categoryId: templateFields.categoryId.optional().default(null),
})
export type CreateTemplateInput = z.input<typeof createTemplateInput>

export const updateTemplateInput = z.strictObject(templateFields).partial()
export type UpdateTemplateInput = z.input<typeof updateTemplateInput>

export const templateDto = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    categoryId: z.string().nullable(),
    categoryName: z.string().nullable(),
    itemCount: z.number().int(),
    ...timestamps,
  })
  .meta({ id: 'Template' })
export type Template = z.infer<typeof templateDto>

const categoryFields = {
  name: requiredText('Name'),
  description: optionalText('Description', LIMITS.description),
}

export const createCategoryInput = z.strictObject({
  ...categoryFields,
  description: categoryFields.description.optional().default(null),
})
export type CreateCategoryInput = z.input<typeof createCategoryInput>

export const updateCategoryInput = z.strictObject(categoryFields).partial()
export type UpdateCategoryInput = z.input<typeof updateCategoryInput>

export const categoryDto = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    ...timestamps,
  })
  .meta({ id: 'Category' })
export type Category = z.infer<typeof categoryDto>

export const ITEM_ORDER_MAX = 100_000

const itemFields = {
  title: requiredText('Title'),
  description: optionalText('Description', LIMITS.description),
  requiresDocument: z.boolean({ error: 'requiresDocument must be true or false' }),
  requiresResponse: z.boolean({ error: 'requiresResponse must be true or false' }),
  order: z
    .number({ error: 'Order must be a whole number' })
    .int('Order must be a whole number')
    .min(0, 'Order must be 0 or more')
    .max(ITEM_ORDER_MAX, `Order must be at most ${ITEM_ORDER_MAX}`),
}

export const createTemplateItemInput = z.strictObject({
  ...itemFields,
  templateId: z.uuid({ error: 'Template is required' }),
  description: itemFields.description.optional().default(null),
  requiresDocument: itemFields.requiresDocument.default(false),
  requiresResponse: itemFields.requiresResponse.default(false),
  /** Omitted: after the last item. */
  order: itemFields.order.optional(),
})
export type CreateTemplateItemInput = z.input<typeof createTemplateItemInput>

export const updateTemplateItemInput = z.strictObject(itemFields).partial()
export type UpdateTemplateItemInput = z.input<typeof updateTemplateItemInput>

export const listTemplateItemsQuery = z.strictObject({
  templateId: z.uuid({ error: 'templateId must be a valid id' }),
  ...pageFields,
})

export const templateItemDto = z
  .object({
    id: z.string(),
    templateId: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    requiresDocument: z.boolean(),
    requiresResponse: z.boolean(),
    order: z.number().int(),
    ...timestamps,
  })
  .meta({ id: 'TemplateItem' })
export type TemplateItem = z.infer<typeof templateItemDto>

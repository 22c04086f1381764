import { z } from 'zod'
import { LIMITS, optionalText, requiredText, timestamps } from './common'
import { answerType, choicesField, choicesProblem } from './answers'
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

/** How many days before the audit's due date an item may be due: up to a year. */
export const DUE_DAYS_BEFORE_MAX = 365

const itemFields = {
  title: requiredText('Title'),
  description: optionalText('Description', LIMITS.description),
  section: optionalText('Section', LIMITS.section),
  reference: optionalText('Reference', LIMITS.reference),
  requiresDocument: z.boolean({ error: 'requiresDocument must be true or false' }),
  requiresResponse: z.boolean({ error: 'requiresResponse must be true or false' }),
  answerType,
  choices: choicesField,
  order: z
    .number({ error: 'Order must be a whole number' })
    .int('Order must be a whole number')
    .min(0, 'Order must be 0 or more')
    .max(ITEM_ORDER_MAX, `Order must be at most ${ITEM_ORDER_MAX}`),
  /**
   * Due this many days before the audit's due date (0: on it): an audit created from the template
   * with a due date gives each such request its due date. Null: none.
   */
  dueDaysBefore: z
    .number({ error: 'Days before the audit’s due date must be a whole number' })
    .int('Days before the audit’s due date must be a whole number')
    .min(0, 'Days before the audit’s due date must be 0 or more')
    .max(
      DUE_DAYS_BEFORE_MAX,
      `Days before the audit’s due date must be at most ${DUE_DAYS_BEFORE_MAX}`,
    )
    .nullable(),
}

export const createTemplateItemInput = z
  .strictObject({
    ...itemFields,
    templateId: z.uuid({ error: 'Template is required' }),
    description: itemFields.description.optional().default(null),
    section: itemFields.section.optional().default(null),
    reference: itemFields.reference.optional().default(null),
    requiresDocument: itemFields.requiresDocument.default(false),
    requiresResponse: itemFields.requiresResponse.default(false),
    dueDaysBefore: itemFields.dueDaysBefore.optional().default(null),
    answerType: itemFields.answerType.default('text'),
    choices: itemFields.choices.optional().default(null),
    /** Omitted: after the last item. */
    order: itemFields.order.optional(),
  })
  .superRefine((input, ctx) => {
    const problem = choicesProblem(input.answerType, input.choices)
    if (problem) ctx.addIssue({ code: 'custom', path: ['choices'], message: problem })
  })
export type CreateTemplateItemInput = z.input<typeof createTemplateItemInput>

export const updateTemplateItemInput = z.strictObject(itemFields).partial()
export type UpdateTemplateItemInput = z.input<typeof updateTemplateItemInput>

/**
 * Items added in one call (POST /api/template-items/bulk, the Add Item dialog's pasted lines).
 * A template has no cap on its items, so this bounds one call only.
 */
export const ITEM_BATCH_MAX = 200

/** The non-blank lines of a pasted block, trimmed, each with its line number (1 first). */
export function titleLines(text: string) {
  return text
    .split(/\r\n|\r|\n/)
    .map((line, index) => ({ line: index + 1, title: line.trim() }))
    .filter(({ title }) => title !== '')
}

/**
 * Why a line cannot be an item's title ("Line 3: Title must be at most 200 characters"), if it
 * cannot: the rules of a single item's title.
 */
export function titleLineError(title: string, line: number): string | undefined {
  const parsed = itemFields.title.safeParse(title)
  return parsed.success ? undefined : `Line ${line}: ${parsed.error.issues[0]!.message}`
}

/**
 * One item per title, in the order given; blank titles are skipped. One bad title refuses them
 * all, its error at its index and naming its line.
 */
export const bulkCreateTemplateItemsInput = z.strictObject({
  templateId: z.uuid({ error: 'Template is required' }),
  titles: z
    .array(z.string({ error: 'Each title must be text' }), {
      error: 'titles must be a list of titles',
    })
    .max(ITEM_BATCH_MAX, `At most ${ITEM_BATCH_MAX} items at once`)
    .superRefine((titles, ctx) => {
      for (const [index, title] of titles.entries()) {
        const message = title.trim() === '' ? undefined : titleLineError(title, index + 1)
        if (message) ctx.addIssue({ code: 'custom', path: [index], message })
      }
    })
    .transform((titles) => titles.map((title) => title.trim()).filter((title) => title !== ''))
    .refine((titles) => titles.length > 0, 'Enter at least one title'),
  requiresDocument: itemFields.requiresDocument.default(false),
  requiresResponse: itemFields.requiresResponse.default(false),
})
export type BulkCreateTemplateItemsInput = z.input<typeof bulkCreateTemplateItemsInput>

/** POST /api/template-items/{id}/move: the item's new place among the template's others (0 first). */
export const moveTemplateItemInput = z.strictObject({
  position: z
    .number({ error: 'Position must be a whole number' })
    .int('Position must be a whole number')
    .min(0, 'Position must be 0 or more')
    .max(ITEM_ORDER_MAX, `Position must be at most ${ITEM_ORDER_MAX}`),
})
export type MoveTemplateItemInput = z.input<typeof moveTemplateItemInput>

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
    section: z.string().nullable(),
    reference: z.string().nullable(),
    requiresDocument: z.boolean(),
    requiresResponse: z.boolean(),
    answerType,
    choices: z.array(z.string()).nullable(),
    dueDaysBefore: z.number().int().nullable(),
    order: z.number().int(),
    ...timestamps,
  })
  .meta({ id: 'TemplateItem' })
export type TemplateItem = z.infer<typeof templateItemDto>

/** A template's sections in the order of their first items, with how many items each holds. */
export const templateSectionDto = z
  .object({ name: z.string(), items: z.number().int() })
  .meta({ id: 'TemplateSection' })
export type TemplateSection = z.infer<typeof templateSectionDto>

/** Moves every item of `section` to just before the first item of `before` (null: to the end). */
export const moveSectionInput = z.strictObject({
  section: z
    .string({ error: 'Section is required' })
    .trim()
    .min(1, 'Section is required')
    .max(LIMITS.section, 'Section not found'),
  before: z
    .string({ error: 'before must be a section or null' })
    .trim()
    .min(1, 'before must be a section or null')
    .max(LIMITS.section, 'Section not found')
    .nullable(),
})
export type MoveSectionInput = z.input<typeof moveSectionInput>

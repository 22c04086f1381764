import { templateItemsApi } from '@shared/api/templates'
import {
  templateItemDto,
  type BulkCreateTemplateItemsInput,
  type CreateTemplateItemInput,
  type TemplateItem,
} from '@shared/schemas/templates'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Button } from '@/components/ui/button'
import { answer, refusal } from '@/test/api'
import { anId } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { TemplateItemDialog } from './template-item-dialog'

const templateId = anId()

const anItem = (title: string, order: number): TemplateItem =>
  templateItemDto.parse({
    id: anId(),
    templateId,
    title,
    description: null,
    section: null,
    reference: null,
    requiresDocument: false,
    requiresResponse: false,
    answerType: 'text',
    choices: null,
    dueDaysBefore: null,
    order,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  })

/** The Add Item dialog, open; what it sends to either create call is recorded. */
async function openAddDialog() {
  const sent = {
    one: [] as CreateTemplateItemInput[],
    several: [] as BulkCreateTemplateItemsInput[],
  }
  server.use(
    answer(templateItemsApi.create, async ({ request }) => {
      const body = (await request.json()) as CreateTemplateItemInput
      sent.one.push(body)
      return anItem(body.title, 2)
    }),
    answer(templateItemsApi.bulkCreate, async ({ request }) => {
      const body = (await request.json()) as BulkCreateTemplateItemsInput
      sent.several.push(body)
      return body.titles.map((title, index) => anItem(title, 2 + index))
    }),
  )
  const rendered = renderWithApp(
    <TemplateItemDialog
      templateId={templateId}
      defaultOrder={2}
      trigger={<Button>Add Item</Button>}
    />,
    { route: `/templates/${templateId}` },
  )
  await rendered.user.click(screen.getByRole('button', { name: 'Add Item' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add Item' })
  return {
    ...rendered,
    dialog,
    sent,
    title: within(dialog).getByRole('textbox', { name: 'Title' }),
  }
}

test('pasting several lines adds one item per non-blank line, in one call', async () => {
  const { user, dialog, sent, title } = await openAddDialog()
  expect(title).toHaveAccessibleDescription(/paste their titles one per line \(at most 200\)/)
  await user.click(title)
  await user.paste('  Bank statements \n\nSigned engagement letter\n   \nBoard minutes\n')

  expect(within(dialog).getByRole('status')).toHaveTextContent('3 items will be added')
  // One item's own fields make no sense for several.
  expect(within(dialog).queryByRole('spinbutton', { name: 'Order' })).not.toBeInTheDocument()
  expect(within(dialog).queryByRole('textbox', { name: 'Description' })).not.toBeInTheDocument()
  await user.click(within(dialog).getByRole('switch', { name: 'Requires Document' }))
  await user.click(within(dialog).getByRole('button', { name: 'Add 3 Items' }))

  expect(await screen.findByText('3 items added successfully')).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(sent.one).toEqual([])
  expect(sent.several).toEqual([
    {
      templateId,
      titles: ['Bank statements', 'Signed engagement letter', 'Board minutes'],
      requiresDocument: true,
      requiresResponse: false,
    },
  ])
})

test('one line is one item, as before, with its order and description', async () => {
  const { user, dialog, sent, title } = await openAddDialog()
  await user.type(title, 'Trial balance')
  expect(within(dialog).getByRole('status')).toHaveTextContent('')
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'As of year end')
  await user.click(within(dialog).getByRole('button', { name: 'Add Item' }))

  expect(await screen.findByText('Item added successfully')).toBeInTheDocument()
  expect(sent.several).toEqual([])
  expect(sent.one).toEqual([
    expect.objectContaining({
      templateId,
      title: 'Trial balance',
      description: 'As of year end',
      order: 2,
    }),
  ])
})

test('an item answered from a list: two choices at least, one per line; no written response to require', async () => {
  const { user, dialog, sent, title } = await openAddDialog()
  await user.type(title, 'Inventory costing method')
  await user.click(within(dialog).getByRole('combobox', { name: 'Answer type' }))
  await user.click(await screen.findByRole('option', { name: 'One of a list' }))
  expect(within(dialog).queryByRole('switch', { name: 'Requires Response' })).toBeNull()
  const choices = within(dialog).getByRole('textbox', { name: 'Choices' })
  await user.type(choices, 'FIFO')
  await user.click(within(dialog).getByRole('button', { name: 'Add Item' }))
  expect(await within(dialog).findByText('Give at least two choices')).toBeInTheDocument()
  expect(sent.one).toEqual([])
  await user.type(choices, '{Enter}{Enter}Weighted average ')
  await user.click(within(dialog).getByRole('button', { name: 'Add Item' }))
  expect(await screen.findByText('Item added successfully')).toBeInTheDocument()
  expect(sent.one).toEqual([
    expect.objectContaining({
      title: 'Inventory costing method',
      answerType: 'choice',
      choices: ['FIFO', 'Weighted average'],
      requiresResponse: false,
    }),
  ])
})

test('a bad line stops the whole paste, named by its line; nothing is sent', async () => {
  const { user, dialog, sent, title } = await openAddDialog()
  await user.click(title)
  await user.paste(`Fine\n\n${'x'.repeat(201)}\nAlso fine`)
  expect(within(dialog).getByRole('status')).toHaveTextContent('3 items will be added')
  await user.click(within(dialog).getByRole('button', { name: 'Add 3 Items' }))

  expect(
    await within(dialog).findByText('Line 3: Title must be at most 200 characters'),
  ).toBeInTheDocument()
  expect(title).toHaveAttribute('aria-invalid', 'true')
  expect(sent.several).toEqual([])
  expect(sent.one).toEqual([])
})

test('more lines than one call takes are refused before sending', async () => {
  const { user, dialog, sent, title } = await openAddDialog()
  await user.click(title)
  await user.paste(Array.from({ length: 201 }, (_, index) => `Item ${index + 1}`).join('\n'))
  expect(within(dialog).getByRole('status')).toHaveTextContent('201 items will be added')
  await user.click(within(dialog).getByRole('button', { name: 'Add 201 Items' }))

  expect(
    await within(dialog).findByText('At most 200 items at once: these lines hold 201'),
  ).toBeInTheDocument()
  expect(sent.several).toEqual([])
})

test('a refusal keeps the dialog and the lines, the server’s line told as the field’s', async () => {
  const { user, dialog, title } = await openAddDialog()
  server.use(
    answer(templateItemsApi.bulkCreate, () =>
      refusal(400, {
        message: 'Line 2: Title cannot contain NUL characters',
        code: 'VALIDATION',
        errors: [{ path: 'titles.1', message: 'Line 2: Title cannot contain NUL characters' }],
      }),
    ),
  )
  await user.click(title)
  await user.paste('First\n\nSecond')
  await user.click(within(dialog).getByRole('button', { name: 'Add 2 Items' }))

  // The field's third line is the second title sent.
  expect(
    await within(dialog).findByText('Line 3: Title cannot contain NUL characters'),
  ).toBeInTheDocument()
  expect(screen.getByRole('dialog', { name: 'Add Item' })).toBeInTheDocument()
  expect(title).toHaveValue('First\n\nSecond')
})

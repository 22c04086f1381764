import { categoriesApi, templatesApi } from '@shared/api/templates'
import type { CreateTemplateInput } from '@shared/schemas/templates'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Button } from '@/components/ui/button'
import { answer, answerPages, refusal } from '@/test/api'
import { aTemplate } from '@/test/fixtures'
import { CurrentPath, renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { TemplateFormDialog } from './template-form-dialog'

function showDialog() {
  const rendered = renderWithApp(
    <>
      <TemplateFormDialog trigger={<Button>Create Template</Button>} />
      <CurrentPath />
    </>,
    { route: '/templates' },
  )
  return rendered
}

test('a new template opens on its own page, where its items are added', async () => {
  const template = aTemplate({ name: 'SOC 2 readiness' })
  const created: CreateTemplateInput[] = []
  server.use(
    answerPages(categoriesApi.list, () => ({ items: [] })),
    answer(templatesApi.create, async ({ request }) => {
      created.push((await request.json()) as CreateTemplateInput)
      return template
    }),
  )
  const { user } = showDialog()
  await user.click(screen.getByRole('button', { name: 'Create Template' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create Template' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'SOC 2 readiness')
  await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))

  await screen.findByText('Template created successfully')
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(`/templates/${template.id}`),
  )
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(created).toEqual([expect.objectContaining({ name: 'SOC 2 readiness' })])
})

test('a refused template keeps the dialog, its input and the list', async () => {
  server.use(
    answerPages(categoriesApi.list, () => ({ items: [] })),
    answer(templatesApi.create, () =>
      refusal(400, {
        message: 'Validation failed',
        code: 'VALIDATION',
        errors: [{ path: 'name', message: 'Name is taken' }],
      }),
    ),
  )
  const { user } = showDialog()
  await user.click(screen.getByRole('button', { name: 'Create Template' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create Template' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Duplicate')
  await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))

  expect(await within(dialog).findByText('Name is taken')).toBeInTheDocument()
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Duplicate')
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/templates$/)
})

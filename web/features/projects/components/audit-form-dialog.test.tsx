import { auditsApi } from '@shared/api/engagements'
import { templateLibraryApi } from '@shared/api/template-library'
import { templatesApi } from '@shared/api/templates'
import type { CreateAuditInput } from '@shared/schemas/audits'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Button } from '@/components/ui/button'
import { answer, answerPages } from '@/test/api'
import { anAudit, anId, aTemplate } from '@/test/fixtures'
import { CurrentPath, renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { AuditFormDialog } from './audit-form-dialog'

test('a new audit opens on its own page', async () => {
  const projectId = anId()
  const audit = anAudit({ name: 'FY2026 audit', projectId })
  const created: CreateAuditInput[] = []
  server.use(
    answerPages(templatesApi.list, () => ({ items: [] })),
    answer(templateLibraryApi.list, []),
    answer(auditsApi.create, async ({ request }) => {
      created.push((await request.json()) as CreateAuditInput)
      return audit
    }),
  )
  const { user } = renderWithApp(
    <>
      <AuditFormDialog projectId={projectId} trigger={<Button>Create Audit</Button>} />
      <CurrentPath />
    </>,
    { route: `/projects/${projectId}` },
  )
  await user.click(screen.getByRole('button', { name: 'Create Audit' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create Audit' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'FY2026 audit')
  await user.click(within(dialog).getByRole('button', { name: 'Create Audit' }))

  await screen.findByText('Audit created successfully')
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(`/audits/${audit.id}`),
  )
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(created).toEqual([expect.objectContaining({ name: 'FY2026 audit', projectId })])
})

test('a starter list is copied into the templates once, and the audit starts from the copy', async () => {
  const projectId = anId()
  const audit = anAudit({ name: 'FY2026 audit', projectId })
  const copy = aTemplate({ name: 'Year-end financial statement audit: PBC list' })
  const copied: string[] = []
  const created: CreateAuditInput[] = []
  server.use(
    answerPages(templatesApi.list, () => ({ items: [] })),
    answer(templateLibraryApi.list, [
      {
        key: 'year-end-financial-statements',
        name: 'Year-end financial statement audit: PBC list',
        description: 'Documents we need.',
        itemCount: 59,
        sections: ['1 General and planning'],
      },
    ]),
    answer(templateLibraryApi.copy, ({ params }) => {
      copied.push(String(params.key))
      return copy
    }),
    answer(auditsApi.create, async ({ request }) => {
      created.push((await request.json()) as CreateAuditInput)
      return created.length === 1
        ? Response.json(
            { error: { code: 'VALIDATION', message: 'Name is taken', errors: [] } },
            { status: 400 },
          )
        : audit
    }),
  )
  const { user } = renderWithApp(
    <AuditFormDialog projectId={projectId} trigger={<Button>Create Audit</Button>} />,
    { route: `/projects/${projectId}` },
  )
  await user.click(screen.getByRole('button', { name: 'Create Audit' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create Audit' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'FY2026 audit')
  await user.click(
    within(dialog).getByRole('combobox', { name: 'Or start from a starter list (optional)' }),
  )
  await user.click(
    await screen.findByRole('option', {
      name: 'Year-end financial statement audit: PBC list (59 items)',
    }),
  )
  await user.click(within(dialog).getByRole('button', { name: 'Create Audit' }))
  await screen.findByText('Failed to create audit')
  await user.click(within(dialog).getByRole('button', { name: 'Create Audit' }))
  await screen.findByText('Audit created successfully')
  expect(copied).toEqual(['year-end-financial-statements'])
  expect(created.map((input) => input.templateId)).toEqual([copy.id, copy.id])
})

test('saving an edited audit stays on the project', async () => {
  const audit = anAudit({ name: 'FY2026 audit', allowedActions: ['edit'] })
  server.use(answer(auditsApi.update, audit))
  const { user } = renderWithApp(
    <>
      <AuditFormDialog projectId={audit.projectId} audit={audit} trigger={<Button>Edit</Button>} />
      <CurrentPath />
    </>,
    { route: `/projects/${audit.projectId}` },
  )
  await user.click(screen.getByRole('button', { name: 'Edit' }))
  const dialog = await screen.findByRole('dialog', { name: 'Edit Audit' })
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

  await screen.findByText('Audit updated successfully')
  expect(screen.getByTestId('location')).toHaveTextContent(`/projects/${audit.projectId}`)
})

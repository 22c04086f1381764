import { clientsApi, projectsApi } from '@shared/api/engagements'
import type { CreateProjectInput } from '@shared/schemas/projects'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Button } from '@/components/ui/button'
import { answer, answerPages } from '@/test/api'
import { aClient, aProject } from '@/test/fixtures'
import { CurrentPath, renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ProjectFormDialog } from './project-form-dialog'

test('the client picker searches the server as one types, the keyboard chooses a result, and the new project opens', async () => {
  const globex = aClient({ name: 'Globex Corporation' })
  const project = aProject({ name: 'FY2026 review', clientId: globex.id, clientName: globex.name })
  const searches: (string | null)[] = []
  const created: CreateProjectInput[] = []
  server.use(
    answerPages(clientsApi.list, (query) => {
      const q = query.get('q')
      searches.push(q)
      return {
        items: q ? [globex] : [aClient({ name: 'Acme Corporation' }), globex],
        next: q ? undefined : 'more',
      }
    }),
    answer(projectsApi.create, async ({ request }) => {
      const body = (await request.json()) as CreateProjectInput
      created.push(body)
      return project
    }),
  )
  const { user } = renderWithApp(
    <>
      <ProjectFormDialog trigger={<Button>New Project</Button>} />
      <CurrentPath />
    </>,
    { route: '/projects' },
  )
  await user.click(screen.getByRole('button', { name: 'New Project' }))
  const dialog = await screen.findByRole('dialog', { name: 'New Project' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'FY2026 review')

  const picker = within(dialog).getByRole('combobox', { name: 'Client' })
  await user.type(picker, 'glob')

  const results = await screen.findByRole('listbox')
  // The first results stay until the search's arrive.
  await waitFor(() =>
    expect(within(results).queryByRole('option', { name: 'Acme Corporation' })).toBeNull(),
  )
  expect(within(results).getByRole('option', { name: 'Globex Corporation' })).toBeInTheDocument()
  // The first page without a search, then the word once typing pauses: not one call per key.
  expect(searches).toEqual([null, 'glob'])

  await user.keyboard('{Enter}')

  expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  expect(picker).toHaveValue('Globex Corporation')
  await user.click(within(dialog).getByRole('button', { name: 'Create Project' }))
  await screen.findByText('Project created successfully')
  expect(created).toEqual([expect.objectContaining({ clientId: globex.id })])
  // Its page, where its audits are created, rather than the list.
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(`/projects/${project.id}`),
  )
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('editing a project shows its client even when no result holds it', async () => {
  server.use(answerPages(clientsApi.list, () => ({ items: [aClient({ name: 'Other' })] })))
  const project = aProject({ clientName: 'Initech' })
  const { user } = renderWithApp(
    <ProjectFormDialog project={project} trigger={<Button>Edit</Button>} />,
  )
  await user.click(screen.getByRole('button', { name: 'Edit' }))

  expect(await screen.findByRole('combobox', { name: 'Client' })).toHaveValue('Initech')
})

test('saving an edited project stays where it is', async () => {
  const project = aProject({ name: 'Annual Review' })
  server.use(
    answerPages(clientsApi.list, () => ({ items: [] })),
    answer(projectsApi.update, async ({ request }) => ({
      ...project,
      ...((await request.json()) as Partial<typeof project>),
    })),
  )
  const { user } = renderWithApp(
    <>
      <ProjectFormDialog project={project} trigger={<Button>Edit</Button>} />
      <CurrentPath />
    </>,
    { route: '/projects' },
  )
  await user.click(screen.getByRole('button', { name: 'Edit' }))
  const dialog = await screen.findByRole('dialog', { name: 'Edit Project' })
  const name = within(dialog).getByRole('textbox', { name: 'Name' })
  await user.clear(name)
  await user.type(name, 'Annual Review 2026')
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

  await screen.findByText('Project updated successfully')
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/projects$/)
})

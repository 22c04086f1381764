import { projectsApi } from '@shared/api/engagements'
import type { CreateProjectInput } from '@shared/schemas/projects'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer } from '@/test/api'
import { aClient, aProject } from '@/test/fixtures'
import { CurrentPath, renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { CreateProjectDialog } from './create-project-dialog'

test("a project created on the client's page is for that client, and opens", async () => {
  const client = aClient({ name: 'Acme Corporation' })
  const project = aProject({ name: 'FY2026 review', clientId: client.id })
  const created: CreateProjectInput[] = []
  server.use(
    answer(projectsApi.create, async ({ request }) => {
      created.push((await request.json()) as CreateProjectInput)
      return project
    }),
  )
  const { user } = renderWithApp(
    <>
      <CreateProjectDialog clientId={client.id} clientName={client.name} />
      <CurrentPath />
    </>,
    { route: `/clients/${client.id}` },
  )
  await user.click(screen.getByRole('button', { name: 'Create Project' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create Project' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'FY2026 review')
  await user.click(within(dialog).getByRole('button', { name: 'Create Project' }))

  await screen.findByText('Project created successfully')
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(`/projects/${project.id}`),
  )
  expect(created).toEqual([expect.objectContaining({ name: 'FY2026 review', clientId: client.id })])
})

import { projectsApi } from '@shared/api/engagements'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, answerPages } from '@/test/api'
import { aProject } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ProjectsPage } from './projects-page'

test('the tabs count from /api/projects/counts, and each tab asks for its own status', async () => {
  const statuses: (string | null)[] = []
  server.use(
    answer(projectsApi.counts, { active: 7, completed: 3, onHold: 2, all: 12 }),
    answerPages(projectsApi.list, (query) => {
      const status = query.get('status')
      statuses.push(status)
      return {
        items:
          status === 'completed'
            ? [aProject({ name: 'Closed books', status: 'completed' })]
            : [aProject({ name: 'Open books' })],
      }
    }),
  )
  const { user } = renderWithApp(<ProjectsPage />)

  expect(await screen.findByRole('tab', { name: 'Active (7)' })).toBeInTheDocument()
  expect(screen.getByRole('tab', { name: 'Completed (3)' })).toBeInTheDocument()
  expect(screen.getByRole('tab', { name: 'All (12)' })).toBeInTheDocument()
  const active = await screen.findByRole('list', { name: 'Active projects' })
  expect(within(active).getByRole('heading', { name: /Open books/ })).toBeInTheDocument()

  await user.click(screen.getByRole('tab', { name: 'Completed (3)' }))

  const completed = await screen.findByRole('list', { name: 'Completed projects' })
  expect(within(completed).getByRole('heading', { name: /Closed books/ })).toBeInTheDocument()
  expect(statuses).toEqual(['active', 'completed'])
})

test('the counts follow the search: q goes to /api/projects/counts too', async () => {
  const countQueries: (string | null)[] = []
  server.use(
    answer(projectsApi.counts, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')
      countQueries.push(q)
      return q
        ? { active: 0, completed: 1, onHold: 0, all: 1 }
        : { active: 4, completed: 1, onHold: 0, all: 5 }
    }),
    answerPages(projectsApi.list, (query) => ({
      items: query.get('q') ? [] : [aProject({ name: 'Open books' })],
    })),
  )
  const { user } = renderWithApp(<ProjectsPage />)
  await screen.findByRole('tab', { name: 'Active (4)' })

  await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'ledger')

  expect(await screen.findByRole('tab', { name: 'Active (0)' })).toBeInTheDocument()
  expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument()
  expect(await screen.findByText('No projects found')).toBeInTheDocument()
  expect(countQueries).toEqual([null, 'ledger'])
})

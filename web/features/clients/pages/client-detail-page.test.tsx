import { invitationsApi, usersApi } from '@shared/api/administration'
import { clientsApi, projectsApi } from '@shared/api/engagements'
import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, answerPages } from '@/test/api'
import { aClient, aCompanyUser, aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ClientDetailPage } from './client-detail-page'

const acme = aClient({ name: 'Acme Corporation' })

function answerClient() {
  const listed: string[] = []
  server.use(
    answer(clientsApi.get, acme),
    answer(projectsApi.counts, { active: 0, completed: 0, onHold: 0, all: 0 }),
    answerPages(usersApi.list, () => {
      listed.push('users')
      return { items: [aCompanyUser({ firstName: 'Grace', lastName: 'Hopper' })] }
    }),
    answerPages(invitationsApi.list, () => {
      listed.push('invitations')
      return { items: [] }
    }),
  )
  return listed
}

const showPage = (role: 'admin' | 'staff') =>
  renderWithApp(<ClientDetailPage />, {
    user: aUser({ role }),
    route: `/clients/${acme.id}`,
    path: '/clients/:id',
  })

test("an admin sees the client's contacts beside its projects", async () => {
  answerClient()
  showPage('admin')

  expect(await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' })).toBeVisible()
  expect(await screen.findByRole('list', { name: 'Contacts' })).toHaveTextContent('Grace Hopper')
  expect(screen.getByRole('button', { name: 'Invite contact' })).toBeInTheDocument()
  expect(await screen.findByText('No projects for this client yet')).toBeInTheDocument()
})

test('staff, who may not read the company’s users, get the page without its contacts', async () => {
  const listed = answerClient()
  showPage('staff')

  expect(await screen.findByText('No projects for this client yet')).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: /^Contacts/ })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Invite contact' })).not.toBeInTheDocument()
  expect(listed).toEqual([])
})

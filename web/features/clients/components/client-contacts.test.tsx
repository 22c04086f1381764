import { invitationsApi, usersApi } from '@shared/api/administration'
import { clientsApi } from '@shared/api/engagements'
import type { CreateInvitationInput } from '@shared/schemas/invitations'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, answerPages, refusal } from '@/test/api'
import { aClient, aCompanyUser, anInvitation } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ClientContacts } from './client-contacts'

const acme = aClient({ name: 'Acme Corporation' })

/** Answers the two lists, keeping the clientId each call asked for. */
function answerLists({
  users = [],
  invitations = [],
}: {
  users?: ReturnType<typeof aCompanyUser>[]
  invitations?: ReturnType<typeof anInvitation>[]
}) {
  const asked: (string | null)[] = []
  server.use(
    answerPages(usersApi.list, (query) => {
      asked.push(query.get('clientId'))
      return { items: users }
    }),
    answerPages(invitationsApi.list, (query) => {
      asked.push(query.get('clientId'))
      return { items: invitations }
    }),
  )
  return asked
}

const showContacts = () =>
  renderWithApp(<ClientContacts clientId={acme.id} clientName={acme.name} />)

test("lists the client's users and its pending invitations, asking for this client's only", async () => {
  const asked = answerLists({
    users: [
      aCompanyUser({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.example' }),
      aCompanyUser({ firstName: 'Alan', lastName: 'Turing', email: 'alan@acme.example' }),
    ],
    invitations: [
      anInvitation({ email: 'ada@acme.example' }),
      anInvitation({ email: 'old@acme.example', status: 'expired' }),
    ],
  })
  showContacts()

  expect(screen.getByRole('status')).toHaveTextContent('Loading contacts...')
  const contacts = await screen.findByRole('list', { name: 'Contacts' })
  const [grace, alan] = within(contacts).getAllByRole('listitem')
  expect(grace).toHaveTextContent('Grace Hopper')
  expect(grace).toHaveTextContent('grace@acme.example')
  expect(grace).toHaveTextContent('Client')
  expect(alan).toHaveTextContent('Alan Turing')
  expect(screen.getByRole('heading', { name: /^Contacts\s*2$/ })).toBeInTheDocument()

  const pending = screen.getByRole('list', { name: 'Pending invitations' })
  const [ada, old] = within(pending).getAllByRole('listitem')
  expect(ada).toHaveTextContent('ada@acme.example')
  expect(ada).not.toHaveTextContent('Expired')
  expect(old).toHaveTextContent('Expired')
  expect(
    within(ada!).getByRole('button', { name: 'Resend the invitation to ada@acme.example' }),
  ).toBeInTheDocument()
  expect(
    within(ada!).getByRole('button', { name: 'Revoke the invitation to ada@acme.example' }),
  ).toBeInTheDocument()
  expect(asked).toEqual([acme.id, acme.id])
})

test('says when the client has no contacts yet', async () => {
  answerLists({})
  showContacts()

  expect(await screen.findByText('No contacts yet')).toBeInTheDocument()
  expect(screen.queryByRole('list', { name: 'Contacts' })).not.toBeInTheDocument()
  expect(screen.queryByRole('list', { name: 'Pending invitations' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Invite contact' })).toBeInTheDocument()
})

test('a failed load says so, and trying again loads the contacts', async () => {
  let fail = true
  server.use(
    answerPages(invitationsApi.list, () => ({ items: [] })),
    answer(usersApi.list, () =>
      fail
        ? refusal(500, { message: 'Internal Server Error', code: 'INTERNAL' })
        : [aCompanyUser({ firstName: 'Grace', lastName: 'Hopper' })],
    ),
  )
  const { user } = showContacts()

  expect(await screen.findByText('Could not load contacts')).toBeInTheDocument()
  fail = false
  await user.click(screen.getByRole('button', { name: 'Try again' }))

  const contacts = await screen.findByRole('list', { name: 'Contacts' })
  expect(contacts).toHaveTextContent('Grace Hopper')
  expect(screen.queryByText('Could not load contacts')).not.toBeInTheDocument()
})

test('Invite contact opens the invitation form as a client user of this client', async () => {
  answerLists({})
  const sent: CreateInvitationInput[] = []
  server.use(
    answerPages(clientsApi.list, () => ({ items: [aClient({ name: 'Other client' })] })),
    answer(invitationsApi.create, async ({ request }) => {
      const body = (await request.json()) as CreateInvitationInput
      sent.push(body)
      return anInvitation({ email: body.email, clientId: acme.id, clientName: acme.name })
    }),
  )
  const { user } = showContacts()
  await screen.findByText('No contacts yet')

  await user.click(screen.getByRole('button', { name: 'Invite contact' }))
  const dialog = await screen.findByRole('dialog', { name: 'Invite contact' })
  expect(within(dialog).getByRole('radio', { name: /Client/ })).toBeChecked()
  expect(within(dialog).getByRole('combobox', { name: 'Client' })).toHaveValue('Acme Corporation')
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@acme.example')
  await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))

  expect(await screen.findByText('Invitation sent')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(sent).toEqual([{ email: 'ada@acme.example', role: 'client', clientId: acme.id }])
})

test('Resend mails the invitation again and says so', async () => {
  const invitation = anInvitation({ email: 'ada@acme.example' })
  answerLists({ invitations: [invitation] })
  const resent: string[] = []
  server.use(
    answer(invitationsApi.resend, ({ params }) => {
      resent.push(String(params.id))
      return invitation
    }),
  )
  const { user } = showContacts()

  await user.click(
    await screen.findByRole('button', { name: 'Resend the invitation to ada@acme.example' }),
  )

  expect(await screen.findByText('Invitation resent')).toBeInTheDocument()
  expect(resent).toEqual([invitation.id])
})

import { remindersApi } from '@shared/api/reminders'
import { requestsApi } from '@shared/api/requests'
import { systemApi } from '@shared/api/system'
import type { RequestDetail, UpdateRequestInput } from '@shared/schemas/requests'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { aComment, anId, aPublicConfig, aRequestDetail, aUser, aVersion } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { RequestPage } from './request-page'

const FIRM_ON_SUBMITTED = [
  'plan',
  'accept',
  'return',
  'not_applicable',
  'comment',
  'internal_note',
] as const

function showRequest(request: RequestDetail, user = aUser(), draft = '') {
  server.use(
    answer(requestsApi.mine, []),
    answer(requestsApi.answerDraft, { response: draft, savedAt: draft ? NOW_ISO : null }),
    answer(requestsApi.get, request),
    answer(requestsApi.comments, [aComment({ body: 'Which standard applies?' })]),
    answer(systemApi.config, aPublicConfig()),
  )
  return renderWithApp(<RequestPage />, {
    user,
    route: `/requests/${request.id}`,
    path: '/requests/:id',
  })
}

const NOW_ISO = '2026-03-02T10:00:00.000Z'

const heading = (request: RequestDetail) =>
  screen.findByRole('heading', { level: 1, name: `#${request.number} ${request.title}` })

describe('the request page', () => {
  test('a client user on a sent request gets the answer form and the upload area, and no review', async () => {
    const request = aRequestDetail({
      status: 'sent',
      responseRequired: true,
      allowedActions: ['submit', 'upload', 'comment'],
    })
    showRequest(request, aUser({ role: 'client' }))

    await heading(request)
    expect(screen.getByLabelText('Your answer')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit Answer' })).toBeDisabled()
    expect(screen.getByText(/needs a written response/)).toBeInTheDocument()
    expect(screen.getByLabelText('Choose files')).toBeInTheDocument()
    expect(await screen.findByText('Which standard applies?')).toBeInTheDocument()
    expect(screen.getByLabelText('New comment')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark Not Applicable' })).not.toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: /Internal notes/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to My Requests' })).toHaveAttribute(
      'href',
      '/my-requests',
    )
  })

  test('a client user’s answer in progress comes back, and what they type is saved as they go', async () => {
    const request = aRequestDetail({
      status: 'returned',
      allowedActions: ['submit', 'upload', 'comment'],
    })
    const saves: unknown[] = []
    server.use(
      answer(requestsApi.saveAnswerDraft, async ({ request: call }) => {
        const body = (await call.json()) as { response: string }
        saves.push(body)
        return { response: body.response, savedAt: NOW_ISO }
      }),
    )
    const { user } = showRequest(request, aUser({ role: 'client' }), 'Half of my answer')

    const field = await screen.findByLabelText('Your answer (optional)')
    await waitFor(() => expect(field).toHaveValue('Half of my answer'))
    expect(screen.getByText('Draft saved')).toBeInTheDocument()
    await user.type(field, ', and the rest')
    await waitFor(() =>
      expect(saves.at(-1)).toEqual({ response: 'Half of my answer, and the rest' }),
    )
    expect(saves).toHaveLength(1)
  })

  test('the firm on a submitted request can accept, return or set it aside, and has internal notes', async () => {
    const request = aRequestDetail({
      status: 'submitted',
      allowedActions: [...FIRM_ON_SUBMITTED],
      versions: [aVersion({ response: 'Revenue is recognised on delivery.' })],
      internalNotes: [aComment({ internal: true, body: 'Check the ledger first.' })],
    })
    const { user } = showRequest(request)

    await heading(request)
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Return' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Mark Not Applicable' })).toBeEnabled()
    expect(screen.getByRole('list', { name: 'Versions' })).toHaveTextContent(
      'Revenue is recognised on delivery.',
    )
    expect(screen.queryByLabelText('Your answer')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Choose files')).not.toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Internal notes (1)' }))
    expect(await screen.findByText('Check the ledger first.')).toBeInTheDocument()
    expect(screen.getByLabelText('New internal note')).toBeInTheDocument()
  })

  test('on an accepted request the firm gets no review buttons', async () => {
    const request = aRequestDetail({
      status: 'accepted',
      allowedActions: ['comment', 'internal_note'],
      versions: [aVersion()],
      internalNotes: [],
    })
    showRequest(request)

    await heading(request)
    expect(screen.getByText('Accepted')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark Not Applicable' })).not.toBeInTheDocument()
  })

  test('the buttons follow allowedActions, not the status', async () => {
    const request = aRequestDetail({
      status: 'submitted',
      allowedActions: ['return', 'comment'],
    })
    showRequest(request)

    await heading(request)
    expect(screen.getByText('Submitted')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Return' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark Not Applicable' })).not.toBeInTheDocument()
    // No internal notes in the reply: no tab, whoever asks.
    expect(screen.queryByRole('tab', { name: /Internal notes/ })).not.toBeInTheDocument()
  })

  test('Accept calls the API, says so, and shows the request as the server now has it', async () => {
    const request = aRequestDetail({
      status: 'submitted',
      allowedActions: [...FIRM_ON_SUBMITTED],
      internalNotes: [],
    })
    const done = aRequestDetail({
      ...request,
      status: 'accepted',
      allowedActions: ['comment', 'internal_note'],
    })
    const accepted: string[] = []
    const { user } = showRequest(request)
    server.use(
      answer(requestsApi.accept, ({ params }) => {
        accepted.push(String(params.id))
        server.use(answer(requestsApi.get, done))
        return done
      }),
    )

    await heading(request)
    await user.click(screen.getByRole('button', { name: 'Accept' }))

    expect(await screen.findByText('Request accepted')).toBeInTheDocument()
    expect(accepted).toEqual([request.id])
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
    expect(screen.getByText('Accepted')).toBeInTheDocument()
  })

  test('Return offers the reasons given before, most recent first; choosing one fills the reason', async () => {
    window.localStorage.clear()
    const request = aRequestDetail({ status: 'submitted', allowedActions: [...FIRM_ON_SUBMITTED] })
    const reasons: string[] = []
    const { user } = showRequest(request)
    server.use(
      answer(requestsApi.return, async ({ request: sent }) => {
        reasons.push(((await sent.json()) as { reason: string }).reason)
        return request
      }),
    )
    await heading(request)
    const returnWith = async (typed: string) => {
      await user.click(screen.getByRole('button', { name: 'Return' }))
      const dialog = await screen.findByRole('dialog', { name: 'Return Request' })
      await user.type(within(dialog).getByLabelText('Reason'), typed)
      await user.click(within(dialog).getByRole('button', { name: 'Return Request' }))
      await waitFor(() => expect(dialog).not.toBeInTheDocument())
    }
    await returnWith('The signature page is missing.')
    await returnWith('Page 2 is cut off.')
    await user.click(screen.getByRole('button', { name: 'Return' }))
    const dialog = await screen.findByRole('dialog', { name: 'Return Request' })
    const saved = within(dialog).getByRole('group', { name: 'Reasons given before' })
    expect(
      within(saved)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Page 2 is cut off.', 'The signature page is missing.'])
    await user.click(within(saved).getByRole('button', { name: 'The signature page is missing.' }))
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('The signature page is missing.')
    await user.click(within(dialog).getByRole('button', { name: 'Return Request' }))
    await waitFor(() => expect(reasons).toHaveLength(3))
    expect(reasons.at(-1)).toBe('The signature page is missing.')
  })

  test('a refusal from the server is shown with its message', async () => {
    const request = aRequestDetail({
      status: 'submitted',
      allowedActions: [...FIRM_ON_SUBMITTED],
      internalNotes: [],
    })
    const { user } = showRequest(request)
    server.use(
      answer(requestsApi.accept, () =>
        refusal(409, {
          code: 'CONFLICT',
          message: 'This request is returned: it cannot be accepted',
        }),
      ),
    )

    await heading(request)
    await user.click(screen.getByRole('button', { name: 'Accept' }))

    const toast = (await screen.findByText('Failed to accept the request')).closest('li')!
    expect(
      within(toast).getByText('This request is returned: it cannot be accepted'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled()
  })
})

describe('reminders on the request page', () => {
  const FIRM_ON_SENT = ['plan', 'not_applicable', 'comment', 'internal_note'] as const
  const sent = (overrides: Partial<RequestDetail> = {}) =>
    aRequestDetail({
      status: 'sent',
      assigneeId: anId(),
      assigneeName: 'Grace Hopper',
      allowedActions: [...FIRM_ON_SENT],
      internalNotes: [],
      ...overrides,
    })

  test("a sent request with an assignee: the client's move, Remind now and Pause reminders", async () => {
    const request = sent()
    const calls: string[] = []
    const { user } = showRequest(request)
    server.use(
      answer(remindersApi.remindRequest, ({ params }) => {
        calls.push(String(params.id))
        return { reminded: [{ id: request.assigneeId!, name: 'Grace Hopper' }], notYet: [] }
      }),
    )

    await heading(request)
    expect(screen.getByText('Client’s move')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pause reminders' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Remind now' }))

    expect(await screen.findByText('Reminder sent to Grace Hopper')).toBeInTheDocument()
    expect(calls).toEqual([request.id])
  })

  test('Remind now only while the client is to answer and someone is assigned', async () => {
    const unassigned = sent({ assigneeId: null, assigneeName: null })
    showRequest(unassigned)
    await heading(unassigned)
    expect(screen.queryByRole('button', { name: 'Remind now' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Pause reminders' })).toBeInTheDocument()
  })

  test('a submitted request is the firm’s move: no Remind now, but reminders can be paused', async () => {
    const request = sent({ status: 'submitted', allowedActions: [...FIRM_ON_SUBMITTED] })
    showRequest(request)
    await heading(request)
    expect(screen.getByText('Your move')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remind now' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Pause reminders' })).toBeInTheDocument()
  })

  test('too soon (429): the server says when', async () => {
    const request = sent()
    const message = 'Grace Hopper was reminded less than an hour ago; try again after 14:05.'
    const { user } = showRequest(request)
    server.use(
      answer(remindersApi.remindRequest, () => refusal(429, { code: 'RATE_LIMITED', message })),
    )

    await heading(request)
    await user.click(screen.getByRole('button', { name: 'Remind now' }))

    const toast = (await screen.findByText('Not reminded yet')).closest('li')!
    expect(toast).toHaveTextContent(message)
  })

  test('Pause reminders patches the request; it then shows paused, with Resume', async () => {
    const request = sent()
    const patches: UpdateRequestInput[] = []
    const { user } = showRequest(request)
    server.use(
      answer(requestsApi.update, async ({ request: call }) => {
        const body = (await call.json()) as UpdateRequestInput
        patches.push(body)
        const paused = aRequestDetail({ ...request, remindersPaused: true })
        server.use(answer(requestsApi.get, paused))
        return paused
      }),
    )

    await heading(request)
    expect(screen.queryByText('Reminders paused')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Pause reminders' }))

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resume reminders' })).toBeEnabled(),
    )
    // The badge among the request's details, and the toast's title.
    expect(screen.getAllByText('Reminders paused')).toHaveLength(2)
    expect(
      screen.getByText('No reminder goes out for this request until you resume them.'),
    ).toBeInTheDocument()
    expect(patches).toEqual([{ remindersPaused: true }])
  })

  test('a client user gets no reminder buttons and reads the state in their words', async () => {
    const request = aRequestDetail({
      status: 'returned',
      assigneeId: anId(),
      assigneeName: 'Grace Hopper',
      allowedActions: ['submit', 'upload', 'comment'],
    })
    showRequest(request, aUser({ role: 'client' }))

    await heading(request)
    expect(screen.getByText('Returned to you')).toBeInTheDocument()
    // Not the firm's words.
    expect(screen.queryByText('Returned')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remind now' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Pause reminders' })).toBeNull()
  })
})

describe('where the request sits', () => {
  test('the firm reads client › project › audit › request, each a link, and the client named', async () => {
    const request = aRequestDetail({ status: 'sent', allowedActions: ['plan', 'comment'] })
    showRequest(request)
    await heading(request)
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Acme Ltd' })).toHaveAttribute(
      'href',
      `/clients/${request.client.id}`,
    )
    expect(within(crumbs).getByRole('link', { name: 'Year-end 2026' })).toHaveAttribute(
      'href',
      `/projects/${request.project.id}`,
    )
    expect(within(crumbs).getByRole('link', { name: 'FY2026 audit' })).toHaveAttribute(
      'href',
      `/audits/${request.auditId}`,
    )
    expect(screen.getByText('Acme Ltd · FY2026 audit')).toBeInTheDocument()
  })

  test('a client user goes back to My requests instead', async () => {
    const request = aRequestDetail({ status: 'sent', allowedActions: ['submit', 'comment'] })
    showRequest(request, aUser({ role: 'client' }))
    await heading(request)
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to My Requests' })).toBeInTheDocument()
  })
})

describe('what the client puts to the firm', () => {
  const CLIENT_ON_SENT = ['submit', 'upload', 'comment', 'propose_not_applicable', 'ask'] as const

  test('a client user proposes that it does not apply; the page then says it is with the firm', async () => {
    const request = aRequestDetail({ status: 'sent', allowedActions: [...CLIENT_ON_SENT] })
    const proposed = aRequestDetail({
      ...request,
      whoseMove: 'firm',
      clientAsk: { kind: 'not_applicable', text: 'We have no leases.', at: NOW_ISO },
    })
    const sent: unknown[] = []
    const { user } = showRequest(request, aUser({ role: 'client' }))
    server.use(
      answer(requestsApi.proposeNotApplicable, async ({ request: call }) => {
        sent.push(await call.json())
        server.use(answer(requestsApi.get, proposed))
        return proposed
      }),
    )
    await heading(request)
    await user.click(screen.getByRole('button', { name: 'Doesn’t apply to us' }))
    const dialog = await screen.findByRole('dialog', { name: 'Does Not Apply to Us' })
    // Nothing goes without a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Send to the Firm' }))
    expect(await within(dialog).findByText(/Reason is required/)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Why it does not apply'), 'We have no leases.')
    await user.click(within(dialog).getByRole('button', { name: 'Send to the Firm' }))

    const note = await screen.findByRole('note', { name: 'Proposed as not applicable' })
    expect(note).toHaveTextContent(
      'You proposed that this does not apply: waiting for your audit firm',
    )
    expect(note).toHaveTextContent('We have no leases.')
    expect(sent).toEqual([{ reason: 'We have no leases.' }])
    expect(screen.getAllByText('With the firm').length).toBeGreaterThan(0)
  })

  test('a client user asks a question', async () => {
    const request = aRequestDetail({ status: 'returned', allowedActions: [...CLIENT_ON_SENT] })
    const sent: unknown[] = []
    const { user } = showRequest(request, aUser({ role: 'client' }))
    server.use(
      answer(requestsApi.ask, async ({ request: call }) => {
        sent.push(await call.json())
        return request
      }),
    )
    await heading(request)
    await user.click(screen.getByRole('button', { name: 'Ask a question' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask a Question' })
    await user.type(within(dialog).getByLabelText('Your question'), 'Which year?')
    await user.click(within(dialog).getByRole('button', { name: 'Send Question' }))
    await waitFor(() => expect(sent).toEqual([{ question: 'Which year?' }]))
    expect(await screen.findByText('Question sent to your audit firm')).toBeInTheDocument()
  })

  test('the firm reads the proposal and agrees, or declines with a reason', async () => {
    const request = aRequestDetail({
      status: 'sent',
      whoseMove: 'firm',
      clientAsk: { kind: 'not_applicable', text: 'We have no leases.', at: NOW_ISO },
      allowedActions: ['plan', 'reword', 'not_applicable', 'decide_proposal', 'comment'],
      internalNotes: [],
    })
    const calls: string[] = []
    const { user } = showRequest(request)
    server.use(
      answer(requestsApi.acceptProposal, () => {
        calls.push('accept')
        return request
      }),
      answer(requestsApi.declineProposal, async ({ request: call }) => {
        calls.push(`decline: ${((await call.json()) as { reason: string }).reason}`)
        return request
      }),
    )
    await heading(request)
    const note = screen.getByRole('note', { name: 'Proposed as not applicable' })
    expect(note).toHaveTextContent('The client proposes that this does not apply')
    expect(screen.getByText('N/A proposed')).toBeInTheDocument()
    await user.click(within(note).getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline the Proposal' })
    await user.type(within(dialog).getByLabelText('Why it still applies'), 'You lease a car.')
    await user.click(within(dialog).getByRole('button', { name: 'Decline Proposal' }))
    await waitFor(() => expect(calls).toEqual(['decline: You lease a car.']))
    await user.click(within(note).getByRole('button', { name: 'Agree: Not Applicable' }))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]).toBe('accept')
  })

  test('the firm is told a question waits for its reply in the discussion', async () => {
    const request = aRequestDetail({
      status: 'sent',
      whoseMove: 'firm',
      clientAsk: { kind: 'question', text: 'Which year?', at: NOW_ISO },
      allowedActions: ['plan', 'comment', 'internal_note'],
      internalNotes: [],
    })
    showRequest(request)
    await heading(request)
    const note = screen.getByRole('note', { name: 'Question from the client' })
    expect(note).toHaveTextContent('The client asked a question: reply in the discussion')
    expect(note).toHaveTextContent('Which year?')
    expect(within(note).queryByRole('button')).toBeNull()
  })
})

describe('typed answers', () => {
  const CLIENT = ['submit', 'upload', 'comment'] as const

  test('yes or no: radio cards, nothing goes without a choice, the choice and the note are sent', async () => {
    const request = aRequestDetail({
      status: 'sent',
      answerType: 'yes_no',
      allowedActions: [...CLIENT],
    })
    const sent: unknown[] = []
    const { user } = showRequest(request, aUser({ role: 'client' }))
    server.use(
      answer(requestsApi.submit, async ({ request: call }) => {
        sent.push(await call.json())
        return { ...request, status: 'submitted' as const }
      }),
    )
    await heading(request)
    expect(screen.getByText('Yes or no')).toBeInTheDocument()
    const group = screen.getByRole('radiogroup', { name: 'Your answer' })
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }))
    expect(
      await within(group.closest('fieldset')!).findByText('Answer yes or no'),
    ).toBeInTheDocument()
    expect(sent).toEqual([])
    await user.click(within(group).getByRole('radio', { name: 'No' }))
    await user.type(screen.getByLabelText('Note (optional)'), 'None this year')
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }))
    await waitFor(() => expect(sent).toEqual([{ response: 'None this year', answer: 'no' }]))
  })

  test('a date and a choice are checked as the server checks them', async () => {
    const dated = aRequestDetail({
      status: 'sent',
      answerType: 'date',
      allowedActions: [...CLIENT],
    })
    const sent: unknown[] = []
    const { user } = showRequest(dated, aUser({ role: 'client' }))
    server.use(
      answer(requestsApi.submit, async ({ request: call }) => {
        sent.push(await call.json())
        return { ...dated, status: 'submitted' as const }
      }),
    )
    await heading(dated)
    const field = screen.getByLabelText('Your answer (a date)')
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }))
    expect(await screen.findByText('Enter a date')).toBeInTheDocument()
    await user.type(field, '2026-12-31')
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }))
    await waitFor(() => expect(sent).toEqual([{ response: null, answer: '2026-12-31' }]))
  })

  test('an acknowledgement is signed by typing a name; the firm reads the signature block', async () => {
    const signature = {
      typedName: 'Clara Client',
      signedBy: 'Clara Client',
      signedById: anId(),
      signedAt: NOW_ISO,
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      statementSha256: 'a'.repeat(64),
      documents: [{ fileName: 'letter.pdf', sha256: 'b'.repeat(64) }],
    }
    const request = aRequestDetail({
      status: 'submitted',
      answerType: 'acknowledgement',
      versions: [aVersion({ answerType: 'acknowledgement', answer: 'Clara Client', signature })],
    })
    showRequest(request)
    await heading(request)
    const block = screen.getByRole('region', { name: 'Signature' })
    expect(block).toHaveTextContent('Signed by typing Clara Client')
    expect(block).toHaveTextContent('203.0.113.7')
    expect(block).toHaveTextContent(`letter.pdf SHA-256${'b'.repeat(64)}`)
    expect(screen.queryByText('No written response.')).not.toBeInTheDocument()
  })
})

import { requestsApi } from '@shared/api/requests'
import { systemApi } from '@shared/api/system'
import type { RequestDetail } from '@shared/schemas/requests'
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { aComment, aPublicConfig, aRequestDetail, aUser, aVersion } from '@/test/fixtures'
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

function showRequest(request: RequestDetail, user = aUser()) {
  server.use(
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
    expect(screen.getByRole('link', { name: 'Back to FY2026 audit' })).toBeInTheDocument()
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

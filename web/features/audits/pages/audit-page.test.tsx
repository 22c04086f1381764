import { auditsApi } from '@shared/api/engagements'
import { remindersApi } from '@shared/api/reminders'
import { reportsApi } from '@shared/api/reports'
import { requestsApi } from '@shared/api/requests'
import { AUDIT_ACTIONS } from '@shared/access'
import type { AuditDetail, UpdateAuditInput } from '@shared/schemas/audits'
import type { CurrentUser } from '@shared/schemas/auth'
import type { AuditReport } from '@shared/schemas/reports'
import type {
  AuditRequest,
  BulkActionInput,
  BulkUpdateRequestsInput,
} from '@shared/schemas/requests'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { answer, refusal } from '@/test/api'
import { useLocation } from 'react-router'
import {
  aRequest,
  aRequestList,
  anAssignee,
  anAudit,
  anAuditReport,
  anId,
  aUser,
} from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { AuditPage } from './audit-page'

const DRAFT_ACTIONS = [
  'edit',
  'plan',
  'move',
  'delete',
  'send',
  'not_applicable',
  'comment',
] as const
const SENT_ACTIONS = ['plan', 'not_applicable', 'comment'] as const

/** An answer waiting for the firm's review. */
const submittedTo = (audit: AuditDetail, number: number, title: string) =>
  aRequest({
    auditId: audit.id,
    number,
    title,
    status: 'submitted',
    allowedActions: ['plan', 'accept', 'return', 'not_applicable', 'comment'],
  })

/** A screen as wide as `width` px: the table from 1280 px, short cards below. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: Number(/min-width: (\d+)rem/.exec(query)?.[1] ?? 0) * 16 <= width,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}
beforeEach(() => screenWidth(1440))

/** The list call as the server answers it: filtered by whose move and status, as asked. */
const listOf = (requests: AuditRequest[], asked: URLSearchParams[] = []) =>
  answer(requestsApi.list, ({ request }) => {
    const query = new URL(request.url).searchParams
    asked.push(query)
    const move = query.get('whoseMove')
    const statuses = query.get('status')?.split(',')
    const moving = requests.filter((each) => !move || each.whoseMove === move)
    // The counts are under every filter but the status.
    return {
      ...aRequestList(moving.filter((each) => !statuses || statuses.includes(each.status))),
      counts: aRequestList(moving).counts,
    }
  })

function showAudit(audit: AuditDetail, requests: AuditRequest[], user = aUser({ role: 'staff' })) {
  const grace = anAssignee({ name: 'Grace Hopper' })
  const ada = anAssignee({ name: 'Ada Lovelace', email: 'ada@example.com' })
  server.use(
    answer(auditsApi.get, audit),
    listOf(requests),
    answer(requestsApi.assignees, [grace, ada]),
    answer(requestsApi.sections, []),
  )
  const rendered = renderWithApp(<AuditPage />, {
    user,
    route: `/audits/${audit.id}`,
    path: '/audits/:id',
  })
  return { ...rendered, grace, ada }
}

/** Requests numbered by their place when created, each with its order key. */
const numbered = (requests: AuditRequest[]) =>
  requests.map((request, index) => ({ ...request, number: index + 1, position: `a${index}` }))

/** The table's rows as "#1Title" (the firm's table: a selection box first). */
const titles = () =>
  tableRows().map((row) => {
    const cells = within(row).getAllByRole('cell')
    return `${cells[1]!.textContent}${cells[2]!.textContent}`
  })
const tableRows = () =>
  within(screen.getByRole('table', { name: 'Requests' }))
    .getAllByRole('row')
    .slice(1)

describe('reordering drafts', () => {
  const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
  const sent = aRequest({
    auditId: audit.id,
    title: 'Bank statements',
    status: 'sent',
    allowedActions: [...SENT_ACTIONS],
  })
  const draft = (title: string) =>
    aRequest({ auditId: audit.id, title, allowedActions: [...DRAFT_ACTIONS] })
  const [a, b, c] = [draft('Board minutes'), draft('Signed engagement letter'), draft('Ledger')]

  test('Down sends one move with the new place among the drafts; the list refreshes and the keyboard stays on the moved request', async () => {
    const before = numbered([sent, a!, b!, c!])
    const { user } = showAudit(audit, before)
    const moves: { id: string; body: unknown }[] = []
    const [, , movedB, movedC] = before
    // Numbers stay with their requests: only the order changes.
    const after = [before[0]!, before[1]!, movedC!, { ...movedB!, position: 'a3V' }]
    server.use(
      answer(requestsApi.move, async ({ request, params }) => {
        moves.push({ id: String(params.id), body: await request.json() })
        server.use(answer(requestsApi.list, aRequestList(after)))
        return after[3]!
      }),
    )

    await user.click(await screen.findByRole('button', { name: 'Move request 3 down' }))

    await waitFor(() =>
      expect(titles()).toEqual([
        '#1Bank statements',
        '#2Board minutes',
        '#4Ledger',
        '#3Signed engagement letter',
      ]),
    )
    expect(moves).toEqual([{ id: b!.id, body: { position: 2 } }])
    // Now the last draft: its Down is disabled, so the keyboard is on its Up.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move request 3 up' })).toHaveFocus(),
    )
    expect(screen.getByRole('button', { name: 'Move request 3 down' })).toBeDisabled()
  })

  test('the first draft cannot go up, the last cannot go down, and a sent request does not move', async () => {
    showAudit(audit, numbered([sent, a!, b!, c!]))

    expect(await screen.findByRole('button', { name: 'Move request 2 up' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move request 2 down' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Move request 3 up' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Move request 4 up' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Move request 4 down' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: /Move request 1/ })).toBeNull()
  })
})

describe('Assign & Date', () => {
  const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
  const first = aRequest({
    auditId: audit.id,
    number: 1,
    title: 'Board minutes',
    allowedActions: [...DRAFT_ACTIONS],
  })
  const second = aRequest({
    auditId: audit.id,
    number: 2,
    title: 'Ledger',
    status: 'sent',
    allowedActions: [...SENT_ACTIONS],
  })

  async function openDialog(user: ReturnType<typeof showAudit>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Assign & Date' }))
    return screen.getByRole('dialog', { name: 'Assign and Date Requests' })
  }

  test('offers the assignees of the endpoint and sends one PATCH with the chosen requests, assignee and date', async () => {
    const { user, ada } = showAudit(audit, [first, second])
    const patches: BulkUpdateRequestsInput[] = []
    server.use(
      answer(requestsApi.bulkUpdate, async ({ request }) => {
        const body = (await request.json()) as BulkUpdateRequestsInput
        patches.push(body)
        return [{ ...second, assigneeId: ada.id, assigneeName: ada.name, dueDate: '2099-06-30' }]
      }),
    )

    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('checkbox', { name: /Board minutes/ }))
    await user.click(within(dialog).getByRole('combobox', { name: 'Assignee' }))
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['Keep as it is', 'Unassigned', 'Grace Hopper', 'Ada Lovelace'])
    await user.click(screen.getByRole('option', { name: 'Ada Lovelace' }))
    await user.type(within(dialog).getByLabelText('Due date'), '2099-06-30')
    await user.click(within(dialog).getByRole('button', { name: 'Update 1 Request' }))

    expect(await screen.findByText('1 request updated')).toBeInTheDocument()
    expect(patches).toEqual([
      { requestIds: [second.id], assigneeId: ada.id, dueDate: '2099-06-30' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('asks for something to set before calling the server', async () => {
    const { user } = showAudit(audit, [first, second])
    let calls = 0
    server.use(
      answer(requestsApi.bulkUpdate, () => {
        calls += 1
        return []
      }),
    )

    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('button', { name: 'Update 2 Requests' }))

    expect(
      await within(dialog).findByText('Choose an assignee or a due date to set'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('combobox', { name: 'Assignee' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(calls).toBe(0)
  })

  test("shows the server's refusal in the dialog, which stays open with the choices kept", async () => {
    const { user, grace } = showAudit(audit, [first, second])
    server.use(
      answer(requestsApi.bulkUpdate, () =>
        refusal(409, {
          code: 'CONFLICT',
          message:
            '#2 Ledger: this request is accepted: its assignee and due date can no longer change',
        }),
      ),
    )

    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('combobox', { name: 'Assignee' }))
    await user.click(screen.getByRole('option', { name: grace.name }))
    await user.click(within(dialog).getByRole('button', { name: 'Update 2 Requests' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '#2 Ledger: this request is accepted',
    )
    expect(screen.getByRole('dialog', { name: 'Assign and Date Requests' })).toBeInTheDocument()
    expect(within(dialog).getByRole('combobox', { name: 'Assignee' })).toHaveTextContent(
      'Grace Hopper',
    )
  })
})

describe('Edit wording', () => {
  test('a sent request’s title and description change, and nothing else is sent', async () => {
    const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
    const sent = aRequest({
      auditId: audit.id,
      number: 1,
      title: 'Ledger',
      status: 'sent',
      allowedActions: ['reword', 'plan', 'not_applicable', 'comment'],
    })
    const { user } = showAudit(audit, [sent])
    const patches: unknown[] = []
    server.use(
      answer(requestsApi.update, async ({ request }) => {
        const body = (await request.json()) as { title: string }
        patches.push(body)
        return { ...sent, title: body.title }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Edit wording of request 1' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Wording' })
    expect(within(dialog).queryByText('Document required')).toBeNull()
    const title = within(dialog).getByLabelText('Title')
    await user.clear(title)
    await user.type(title, 'General ledger 2026')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    await waitFor(() =>
      expect(patches).toEqual([{ title: 'General ledger 2026', description: null }]),
    )
  })
})

describe('Review Several', () => {
  const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
  const first = submittedTo(audit, 1, 'Board minutes')
  const second = submittedTo(audit, 2, 'Ledger')

  test('returns the chosen answers with one reason, asked for before calling the server', async () => {
    const { user } = showAudit(audit, [first, second])
    const calls: BulkActionInput[] = []
    server.use(
      answer(requestsApi.bulk, async ({ request }) => {
        const body = (await request.json()) as BulkActionInput
        calls.push(body)
        return { changed: body.requestIds, skipped: [] }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Review Several' }))
    const dialog = screen.getByRole('dialog', { name: 'Review Several Answers' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Decision' }))
    await user.click(screen.getByRole('option', { name: 'Return to the client' }))
    await user.click(within(dialog).getByRole('button', { name: 'Return 2 Answers' }))
    expect(await within(dialog).findByText('Say what is missing: the client sees it')).toBeVisible()
    expect(calls).toEqual([])
    await user.click(within(dialog).getByRole('checkbox', { name: /Ledger/ }))
    await user.type(within(dialog).getByLabelText('Reason'), 'Page 2 is missing')
    await user.click(within(dialog).getByRole('button', { name: 'Return 1 Answer' }))
    expect(await screen.findByText('1 request returned to the client')).toBeInTheDocument()
    expect(calls).toEqual([
      { action: 'return', requestIds: [first.id], reason: 'Page 2 is missing' },
    ])
  })

  test('all or nothing: the server’s refusal shows in the dialog, which stays open', async () => {
    const { user } = showAudit(audit, [first, second])
    server.use(
      answer(requestsApi.bulk, () =>
        refusal(409, {
          code: 'CONFLICT',
          message:
            'One request cannot take this action, so nothing changed. #2 Ledger: This request is accepted: it cannot be accepted.',
        }),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Review Several' }))
    const dialog = screen.getByRole('dialog', { name: 'Review Several Answers' })
    await user.click(within(dialog).getByRole('button', { name: 'Accept 2 Answers' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'One request cannot take this action, so nothing changed.',
    )
  })
})

describe('whose move and reminders', () => {
  const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
  const sent = aRequest({
    auditId: audit.id,
    number: 1,
    title: 'Bank statements',
    status: 'sent',
    assigneeId: anId(),
    assigneeName: 'Grace Hopper',
    allowedActions: [...SENT_ACTIONS],
  })
  const draft = aRequest({
    auditId: audit.id,
    number: 2,
    title: 'Board minutes',
    allowedActions: [...DRAFT_ACTIONS],
  })
  const accepted = aRequest({
    auditId: audit.id,
    number: 3,
    title: 'Ledger',
    status: 'accepted',
    allowedActions: ['comment'],
  })
  const reminders = () => screen.findByRole('region', { name: /^Reminders/ })

  test("each request says whose move it is, and the filter asks the server for the client's or the firm's", async () => {
    const asked: URLSearchParams[] = []
    const { user } = showAudit(audit, [sent, draft, accepted])
    server.use(listOf([sent, draft, accepted], asked))

    await screen.findByRole('table', { name: 'Requests' })
    const rows = tableRows()
    expect(within(rows[0]!).getByText('Client’s move')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Your move')).toBeInTheDocument()
    expect(within(rows[2]!).queryByText(/move$/)).toBeNull()

    await user.click(screen.getByRole('combobox', { name: 'Whose move' }))
    await user.click(screen.getByRole('option', { name: 'Client’s move' }))
    await waitFor(() => expect(titles()).toEqual(['#1Bank statements']))
    expect(asked.at(-1)?.get('whoseMove')).toBe('client')
    await user.click(screen.getByRole('combobox', { name: 'Whose move' }))
    await user.click(screen.getByRole('option', { name: 'Your move' }))
    await waitFor(() => expect(titles()).toEqual(['#2Board minutes']))
    await user.click(screen.getByRole('combobox', { name: 'Whose move' }))
    await user.click(screen.getByRole('option', { name: 'Anyone’s move' }))
    await waitFor(() => expect(titles()).toHaveLength(3))
  })

  test('the files column counts the files handed in', async () => {
    showAudit(audit, [sent, draft])
    server.use(
      answer(requestsApi.list, {
        ...aRequestList([sent, draft]),
        requests: [
          { ...sent, fileCount: 2 },
          { ...draft, fileCount: 0 },
        ],
      }),
    )
    await screen.findByRole('table', { name: 'Requests' })
    const rows = tableRows()
    expect(within(rows[0]!).getByLabelText('2 files')).toHaveTextContent('2')
    expect(within(rows[1]!).getByLabelText('No files')).toBeInTheDocument()
  })

  test('a status chip filters on the server, with the counts beside each chip', async () => {
    const asked: URLSearchParams[] = []
    const { user } = showAudit(audit, [sent, draft, accepted])
    server.use(listOf([sent, draft, accepted], asked))

    const chips = await screen.findByRole('group', { name: 'Status' })
    expect(within(chips).getByRole('button', { name: 'All 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.click(within(chips).getByRole('button', { name: 'Sent 1' }))
    await user.click(within(chips).getByRole('button', { name: 'Accepted 1' }))
    await waitFor(() => expect(titles()).toEqual(['#1Bank statements', '#3Ledger']))
    // In the statuses' own order, whatever the order of the clicks.
    expect(asked.at(-1)?.get('status')).toBe('sent,accepted')
  })

  test('a filter that matches nothing says so and offers all requests again', async () => {
    const { user } = showAudit(audit, [draft, accepted])

    await user.click(await screen.findByRole('combobox', { name: 'Whose move' }))
    await user.click(screen.getByRole('option', { name: 'Client’s move' }))
    expect(await screen.findByText('No requests match')).toBeInTheDocument()
    const emptyState = screen.getByText(
      'Nothing in this audit matches these filters.',
    ).parentElement!
    await user.click(within(emptyState).getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(titles()).toHaveLength(2))
  })

  test('Remind now lists who was reminded, and who not yet with when they can be', async () => {
    const { user } = showAudit(audit, [sent, draft])
    const calls: string[] = []
    const retryAt = new Date(Date.now() + 30 * 60 * 1000 + 5_000).toISOString()
    server.use(
      answer(remindersApi.remindAudit, ({ params }) => {
        calls.push(String(params.id))
        return {
          reminded: [
            { id: anId(), name: 'Grace Hopper' },
            { id: anId(), name: 'Ada Lovelace' },
          ],
          notYet: [{ id: anId(), name: 'Alan Turing', retryAt }],
        }
      }),
    )

    const section = await reminders()
    await user.click(await within(section).findByRole('button', { name: 'Remind now' }))

    const toast = (await screen.findByText('Reminders sent to 2 people')).closest('li')!
    expect(toast).toHaveTextContent('Reminded Grace Hopper and Ada Lovelace.')
    expect(toast).toHaveTextContent(
      'Reminded less than an hour ago: Alan Turing (again in 30 minutes).',
    )
    expect(calls).toEqual([audit.id])
  })

  test("too soon for everyone (429): the server's message says when", async () => {
    const { user } = showAudit(audit, [sent])
    const message = 'Everyone was reminded less than an hour ago; try again after 14:05.'
    server.use(
      answer(remindersApi.remindAudit, () => refusal(429, { code: 'RATE_LIMITED', message })),
    )

    const section = await reminders()
    await user.click(await within(section).findByRole('button', { name: 'Remind now' }))

    const toast = (await screen.findByText('Not reminded yet')).closest('li')!
    expect(toast).toHaveTextContent(message)
  })

  test('no request waits for an assignee: no Remind now', async () => {
    showAudit(audit, [draft, accepted])

    await screen.findByRole('table', { name: 'Requests' })
    const section = await reminders()
    expect(within(section).queryByRole('button', { name: 'Remind now' })).toBeNull()
    expect(within(section).getByRole('button', { name: 'Pause reminders' })).toBeEnabled()
  })

  test('Pause reminders patches the audit and shows it paused; Resume undoes it', async () => {
    const { user } = showAudit(audit, [sent])
    const patches: UpdateAuditInput[] = []
    server.use(
      answer(auditsApi.update, async ({ request }) => {
        const body = (await request.json()) as UpdateAuditInput
        patches.push(body)
        return { ...audit, remindersPaused: body.remindersPaused ?? false }
      }),
    )

    const section = await reminders()
    await user.click(within(section).getByRole('button', { name: 'Pause reminders' }))

    expect(await within(section).findByText('Reminders paused')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Resume reminders' }))
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Pause reminders' })).toBeEnabled(),
    )
    expect(within(section).queryByText('Reminders paused')).toBeNull()
    expect(patches).toEqual([{ remindersPaused: true }, { remindersPaused: false }])
  })

  test('a client user reads each state in their words, and has no reminder controls', async () => {
    showAudit(
      anAudit({ id: audit.id, remindersPaused: true }),
      [sent, submittedTo(audit, 2, 'Board minutes'), accepted],
      aUser({ role: 'client' }),
    )

    const list = await screen.findByRole('table', { name: 'Requests' })
    expect(within(list).getByText('To do')).toBeInTheDocument()
    expect(within(list).getByText('With the firm')).toBeInTheDocument()
    expect(within(list).getByText('Done')).toBeInTheDocument()
    expect(within(list).queryByText('Sent')).toBeNull()
    expect(screen.queryByRole('region', { name: /^Reminders/ })).toBeNull()
    expect(screen.queryByText('Reminders paused')).toBeNull()
  })
})

describe('the request table', () => {
  const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
  const answers = [
    submittedTo(audit, 1, 'Board minutes'),
    submittedTo(audit, 2, 'Ledger'),
    submittedTo(audit, 3, 'Bank statements'),
  ]

  test('x on a row and Shift+click choose requests; Accept in the bar sends one bulk call with them', async () => {
    const { user } = showAudit(audit, answers)
    const calls: BulkActionInput[] = []
    server.use(
      answer(requestsApi.bulk, async ({ request }) => {
        const body = (await request.json()) as BulkActionInput
        calls.push(body)
        return { changed: body.requestIds, skipped: [] }
      }),
    )
    await screen.findByRole('table', { name: 'Requests' })
    const [first, , third] = tableRows()
    first!.focus()
    await user.keyboard('x')
    expect(first).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Shift>}')
    await user.click(within(third!).getByRole('checkbox', { name: 'Select request 3' }))
    await user.keyboard('{/Shift}')
    const bar = screen.getByRole('toolbar', { name: 'Actions for the chosen requests' })
    expect(bar).toHaveTextContent('3 selected')
    // Only what every chosen request can take.
    expect(within(bar).queryByRole('button', { name: 'Delete' })).toBeNull()
    await user.click(within(bar).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('3 requests accepted')).toBeInTheDocument()
    expect(calls).toEqual([{ action: 'accept', requestIds: answers.map((each) => each.id) }])
    expect(screen.queryByRole('toolbar', { name: 'Actions for the chosen requests' })).toBeNull()
  })

  test('the arrow keys move between rows, one tab stop for the table', async () => {
    const { user } = showAudit(audit, answers)
    await screen.findByRole('table', { name: 'Requests' })
    const rows = tableRows()
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1])
    rows[0]!.focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(tableRows()[1]).toHaveFocus())
    await user.keyboard('{End}')
    await waitFor(() => expect(tableRows()[2]).toHaveFocus())
    await user.keyboard('{ArrowUp}')
    await waitFor(() => expect(tableRows()[1]).toHaveFocus())
    expect(tableRows().map((row) => row.tabIndex)).toEqual([-1, 0, -1])
  })

  test('a column header sorts on the server: ascending, descending, then the audit’s order', async () => {
    const asked: URLSearchParams[] = []
    const { user } = showAudit(audit, answers)
    server.use(listOf(answers, asked))
    await screen.findByRole('table', { name: 'Requests' })
    const due = () => screen.getByRole('columnheader', { name: /Due/ })
    await user.click(within(due()).getByRole('button'))
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('dueDate'))
    expect(due()).toHaveAttribute('aria-sort', 'ascending')
    await user.click(within(due()).getByRole('button'))
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('-dueDate'))
    expect(due()).toHaveAttribute('aria-sort', 'descending')
    await user.click(within(due()).getByRole('button'))
    await waitFor(() => expect(due()).not.toHaveAttribute('aria-sort'))
  })

  test('the search asks the server with q once typing pauses', async () => {
    const asked: URLSearchParams[] = []
    const { user } = showAudit(audit, answers)
    server.use(listOf(answers, asked))
    await user.type(await screen.findByLabelText('Search requests'), '#2')
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('#2'))
    expect(asked.filter((query) => query.has('q'))).toHaveLength(1)
  })

  test('on a phone, short cards with the same filters and selection', async () => {
    screenWidth(390)
    showAudit(audit, answers)
    const list = await screen.findByRole('list', { name: 'Requests' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('group', { name: 'Status' })).toBeInTheDocument()
    expect(within(list).getByRole('checkbox', { name: 'Select request 2' })).toBeInTheDocument()
  })
})

describe('where the audit sits', () => {
  test('the firm: Clients › client › project › audit, each a link but the audit', async () => {
    const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
    showAudit(audit, [])
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    const links = within(trail).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Clients', '/clients'],
      ['Northwind Traders', `/clients/${audit.client.id}`],
      ['Annual Review 2026', `/projects/${audit.project.id}`],
    ])
    expect(within(trail).getByText('FY2026 audit')).toHaveAttribute('aria-current', 'page')
  })

  test('a client user: Projects › project › audit (the firm’s client list is not theirs)', async () => {
    const audit = anAudit()
    showAudit(audit, [], aUser({ role: 'client' }))
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Projects', 'Annual Review 2026'])
  })
})

describe('Send', () => {
  const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })

  test('a chosen draft without an assignee can be given one in the send step', async () => {
    const assigned = aRequest({
      auditId: audit.id,
      number: 1,
      title: 'Board minutes',
      assigneeId: anId(),
      assigneeName: 'Grace Hopper',
      allowedActions: [...DRAFT_ACTIONS],
    })
    const unassigned = aRequest({
      auditId: audit.id,
      number: 2,
      title: 'Ledger',
      allowedActions: [...DRAFT_ACTIONS],
    })
    const { user, ada } = showAudit(audit, [assigned, unassigned])
    const patches: unknown[] = []
    server.use(
      answer(requestsApi.update, async ({ request, params }) => {
        patches.push({ id: params.id, ...((await request.json()) as object) })
        return { ...unassigned, assigneeId: ada.id, assigneeName: ada.name }
      }),
    )
    await screen.findByRole('table', { name: 'Requests' })
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send Requests' })
    const missing = await within(dialog).findByRole('group', {
      name: 'One chosen draft has no assignee',
    })
    expect(missing).toHaveTextContent('#2 Ledger')
    await user.click(within(missing).getByRole('combobox', { name: 'Assignee of request 2' }))
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }))
    await waitFor(() => expect(patches).toEqual([{ id: unassigned.id, assigneeId: ada.id }]))
  })
})

describe('the Overview tab', () => {
  const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS] })
  const grace = anAssignee({ name: 'Grace Hopper' })
  // 40 sent (all but the drafts), 12 of them done (accepted or not applicable), 28 open.
  const report = anAuditReport({
    progress: { done: 12, sent: 40 },
    byStatus: { draft: 2, sent: 20, submitted: 5, accepted: 10, returned: 3, not_applicable: 2 },
    overdue: {
      total: 6,
      aging: [
        { key: 'week', count: 3 },
        { key: 'month', count: 2 },
        { key: 'older', count: 1 },
      ],
    },
    turnaround: { clientHours: 5, clientSamples: 8, reviewHours: 60, reviewSamples: 6 },
    returns: { returned: 1, submitted: 4 },
    assignees: [
      { userId: grace.id, name: grace.name, open: 20, overdue: 4 },
      { userId: null, name: null, open: 8, overdue: 2 },
    ],
    burnDown: [
      { day: '2026-02-28', open: 40, planned: 40 },
      { day: '2026-03-01', open: 33, planned: 30 },
      { day: '2026-03-02', open: 28, planned: 25 },
    ],
  })

  /** Where the page is: its path and search ("/audits/…?view=overview"). */
  function Address() {
    const { pathname, search } = useLocation()
    return <p data-testid="address">{`${pathname}${search}`}</p>
  }
  const address = () => screen.getByTestId('address').textContent

  function showOverview(
    figures: AuditReport | (() => Response),
    {
      user = aUser({ role: 'staff' }),
      search = '?view=overview',
      detail = audit,
    }: { user?: CurrentUser; search?: string; detail?: AuditDetail } = {},
  ) {
    const reads: string[] = []
    const asked: URLSearchParams[] = []
    server.use(
      answer(auditsApi.get, detail),
      listOf([], asked),
      answer(requestsApi.assignees, [grace]),
      answer(requestsApi.sections, []),
      answer(reportsApi.audit, ({ params }) => {
        reads.push(String(params.id))
        return typeof figures === 'function' ? figures() : figures
      }),
    )
    const rendered = renderWithApp(
      <>
        <AuditPage />
        <Address />
      </>,
      { user, route: `/audits/${audit.id}${search}`, path: '/audits/:id' },
    )
    return { ...rendered, reads, asked }
  }
  const section = (name: string) => screen.getByRole('region', { name })

  test('the Requests tab is the default, also for a filtered link; Overview reads the report when chosen', async () => {
    const { user, reads } = showOverview(report, { search: '?overdue=1' })

    const tabs = await screen.findByRole('tablist', { name: 'Audit views' })
    expect(within(tabs).getByRole('tab', { name: 'Requests' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(await screen.findByRole('heading', { name: /^Requests/, level: 2 })).toBeVisible()
    expect(reads).toEqual([])

    await user.click(within(tabs).getByRole('tab', { name: 'Overview' }))

    expect(await screen.findByText('12 of 40 sent requests done')).toBeInTheDocument()
    expect(address()).toBe(`/audits/${audit.id}?overdue=1&view=overview`)
    expect(reads).toEqual([audit.id])
  })

  test('shows the figures of the report, each leading to the requests it counts', async () => {
    showOverview(report)

    const progress = await screen.findByRole('progressbar', { name: 'Sent requests done' })
    expect(progress).toHaveAttribute('aria-valuetext', '12 of 40 sent requests done, 30%')
    expect(within(section('Progress')).getByText('30%')).toBeInTheDocument()

    const statuses = within(section('Requests by status')).getByRole('list', {
      name: 'Requests by status',
    })
    expect(
      within(statuses)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Draft 2', `/audits/${audit.id}?status=draft`],
      ['Sent 20', `/audits/${audit.id}?status=sent`],
      ['Submitted 5', `/audits/${audit.id}?status=submitted`],
      ['Accepted 10', `/audits/${audit.id}?status=accepted`],
      ['Returned 3', `/audits/${audit.id}?status=returned`],
      ['Not Applicable 2', `/audits/${audit.id}?status=not_applicable`],
    ])

    const overdue = section('Overdue')
    expect(within(overdue).getByRole('link', { name: '6 overdue requests' })).toHaveAttribute(
      'href',
      `/audits/${audit.id}?overdue=1`,
    )
    const aging = within(overdue)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)
    expect(aging).toEqual(['1–7 days 3', '8–30 days 2', 'Over 30 days 1'])

    const turnaround = section('Turnaround')
    expect(turnaround).toHaveTextContent(
      'Median client turnaround5 hFrom sending to the first answer, over 8 requests',
    )
    expect(turnaround).toHaveTextContent(
      'Median review turnaround2.5 daysFrom an answer to its return or acceptance, over 6 decisions',
    )
    expect(turnaround).toHaveTextContent('Return rate25%1 of 4 answers returned to the client')

    const rows = within(section('Open requests by assignee')).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['Grace Hopper204', 'Unassigned82'])
    expect(within(rows[0]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/audits/${audit.id}?status=sent,submitted,returned&assignee=${grace.id}`,
    )
    // The table cannot show the requests without an assignee: no link.
    expect(within(rows[1]!).queryByRole('link')).toBeNull()

    expect(section('Burn-down')).toHaveTextContent(
      'Open requests went from 40 on Feb 28, 2026 to 28 on Mar 2, 2026; had each been done by its due date, 25 would be.',
    )
  })

  test('a status link opens the Requests tab filtered to it', async () => {
    const { user, asked } = showOverview(report)

    const statuses = await screen.findByRole('list', { name: 'Requests by status' })
    await user.click(within(statuses).getByRole('link', { name: 'Returned 3' }))

    expect(address()).toBe(`/audits/${audit.id}?status=returned`)
    expect(screen.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true')
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('returned'))
  })

  test('the burn-down reads as a table too', async () => {
    const { user } = showOverview(report)

    const burnDown = await screen.findByRole('region', { name: 'Burn-down' })
    await user.click(within(burnDown).getByRole('button', { name: 'Show as table' }))

    const table = within(burnDown).getByRole('table')
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DayOpenIf done by due dates',
      'Feb 28, 20264040',
      'Mar 1, 20263330',
      'Mar 2, 20262825',
    ])
    await user.click(within(burnDown).getByRole('button', { name: 'Show as chart' }))
    expect(within(burnDown).queryByRole('table')).toBeNull()
  })

  test('an audit that sent nothing says so, and shows none of the figures of sent requests', async () => {
    showOverview(anAuditReport({ byStatus: noneSent(3) }))

    const progress = await screen.findByRole('region', { name: 'Progress' })
    expect(within(progress).getByText('Nothing sent yet')).toBeInTheDocument()
    expect(progress).toHaveTextContent('3 drafts waiting to be sent from the Requests tab.')
    expect(within(progress).queryByRole('progressbar')).toBeNull()
    expect(within(screen.getByRole('tabpanel', { name: 'Overview' })).queryByText(/%/)).toBeNull()
    for (const name of ['Overdue', 'Turnaround', 'Open requests by assignee', 'Burn-down'])
      expect(screen.queryByRole('region', { name })).toBeNull()
  })

  test('the empty figures: nothing overdue, no submissions, nobody with open requests', async () => {
    showOverview(
      anAuditReport({
        progress: { done: 2, sent: 2 },
        byStatus: { ...noneSent(0), accepted: 2 },
        burnDown: [{ day: '2026-03-02', open: 0, planned: 0 }],
      }),
    )

    expect(await screen.findByText('2 of 2 sent requests done')).toBeInTheDocument()
    expect(section('Overdue')).toHaveTextContent('Nothing is overdue')
    expect(within(section('Overdue')).queryByRole('link')).toBeNull()
    const turnaround = section('Turnaround')
    expect(turnaround).toHaveTextContent('Median client turnaround—None yetNo submissions yet')
    expect(turnaround).toHaveTextContent('Return rate—None yetNo answers submitted yet')
    expect(section('Open requests by assignee')).toHaveTextContent('No open requests')
    expect(section('Burn-down')).toHaveTextContent('0 open on Mar 2, 2026')
  })

  test('a report that cannot be read says so and offers a retry', async () => {
    let fail = true
    const { user } = showOverview(() =>
      fail
        ? refusal(500, { code: 'INTERNAL', message: 'Internal Server Error' })
        : Response.json(report),
    )

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not load the overview')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('12 of 40 sent requests done')).toBeInTheDocument()
  })

  test('a client user has no tabs, even with ?view=overview, and the report is never read', async () => {
    const { reads } = showOverview(report, {
      user: aUser({ role: 'client' }),
      detail: anAudit({ id: audit.id }),
    })

    expect(await screen.findByRole('heading', { name: /^Requests/, level: 2 })).toBeVisible()
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(screen.queryByRole('tab', { name: 'Overview' })).toBeNull()
    expect(reads).toEqual([])
  })
})

/** The counts by status of an audit with `drafts` drafts and nothing else. */
const noneSent = (drafts: number): AuditReport['byStatus'] => ({
  draft: drafts,
  sent: 0,
  submitted: 0,
  accepted: 0,
  returned: 0,
  not_applicable: 0,
})

describe('a completed audit', () => {
  const sent = aRequest({ number: 1, title: 'Bank statements', status: 'sent', allowedActions: [] })

  test('says it is locked, offers no change, keeps the firm’s views and exports; an admin reopens it', async () => {
    const audit = anAudit({ status: 'completed', allowedActions: ['export', 'reopen'] })
    let reopened = false
    server.use(
      answer(auditsApi.reopen, () => {
        reopened = true
        return { ...audit, status: 'in_progress' as const, allowedActions: [...AUDIT_ACTIONS] }
      }),
    )
    const { user } = showAudit({ ...audit, members: [] }, [{ ...sent, auditId: audit.id }], aUser())
    const notice = await screen.findByRole('region', { name: 'Audit locked' })
    expect(notice).toHaveTextContent('Completed and locked.')
    expect(screen.queryByRole('button', { name: /Add Request/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Complete Audit/ })).toBeNull()
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Export Excel/ })).toBeInTheDocument()

    await user.click(within(notice).getByRole('button', { name: /Reopen Audit/ }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reopen Audit' }),
    )
    await waitFor(() => expect(reopened).toBe(true))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Audit locked' })).toBeNull())
  })

  test('staff see the lock without Reopen', async () => {
    const locked = anAudit({ status: 'completed', allowedActions: ['export'] })
    showAudit(locked, [])
    const notice = await screen.findByRole('region', { name: 'Audit locked' })
    expect(within(notice).queryByRole('button')).toBeNull()
  })

  test('an open audit offers Complete Audit, which asks first', async () => {
    const audit = anAudit({ allowedActions: [...AUDIT_ACTIONS].filter((a) => a !== 'reopen') })
    let completed = false
    server.use(
      answer(auditsApi.complete, () => {
        completed = true
        return { ...audit, status: 'completed' as const, allowedActions: ['export' as const] }
      }),
    )
    const { user } = showAudit(audit, [])
    await user.click(await screen.findByRole('button', { name: /Complete Audit/ }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('until an admin reopens it')
    expect(completed).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Complete Audit' }))
    await waitFor(() => expect(completed).toBe(true))
    expect(await screen.findByRole('region', { name: 'Audit locked' })).toBeInTheDocument()
  })
})

describe('the exports of a large audit', () => {
  /** An audit of `total` requests (its counts: what the page reads; no rows needed). */
  function showLarge(total: number, user: CurrentUser) {
    const audit = anAudit({ allowedActions: user.role === 'client' ? [] : ['export'] })
    server.use(
      answer(auditsApi.get, audit),
      answer(requestsApi.list, () => ({
        ...aRequestList([]),
        counts: {
          ...aRequestList([]).counts,
          sent: total - 120,
          accepted: 100,
          not_applicable: 20,
        },
      })),
      answer(requestsApi.assignees, []),
      answer(requestsApi.sections, []),
    )
    return renderWithApp(<AuditPage />, { user, route: `/audits/${audit.id}`, path: '/audits/:id' })
  }
  const before = (a: HTMLElement, b: HTMLElement) =>
    Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)

  test('the firm: from the audit’s whole count of requests on, preparing comes first', async () => {
    showLarge(500, aUser({ role: 'staff' }))
    expect(await screen.findByText(/^This audit has 500 requests: a direct download/)).toBeVisible()
    expect(
      before(
        screen.getByRole('button', { name: 'Prepare in background' }),
        screen.getByRole('link', { name: 'Export Excel' }),
      ),
    ).toBe(true)
  })

  test('the firm: below it, the direct downloads stay first', async () => {
    const { queryClient } = showLarge(499, aUser({ role: 'staff' }))
    await screen.findByRole('heading', { name: /^Requests/, level: 2 })
    // The counts are in.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(
      before(
        screen.getByRole('link', { name: 'Export Excel' }),
        screen.getByRole('button', { name: 'Prepare in background' }),
      ),
    ).toBe(true)
    expect(screen.queryByText(/may take a while/)).not.toBeInTheDocument()
  })

  test('a client user: the status report can be prepared first', async () => {
    showLarge(700, aUser({ role: 'client' }))
    const prepare = await screen.findByRole('button', {
      name: 'Prepare status report and notify me',
    })
    expect(before(prepare, screen.getByRole('link', { name: 'Status report (PDF)' }))).toBe(true)
    expect(screen.queryByRole('link', { name: /Export/ })).not.toBeInTheDocument()
  })
})

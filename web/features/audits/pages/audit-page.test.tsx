import { auditsApi } from '@shared/api/engagements'
import { remindersApi } from '@shared/api/reminders'
import { requestsApi } from '@shared/api/requests'
import { AUDIT_ACTIONS } from '@shared/access'
import type { AuditDetail, UpdateAuditInput } from '@shared/schemas/audits'
import type {
  AuditRequest,
  BulkActionInput,
  BulkUpdateRequestsInput,
} from '@shared/schemas/requests'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { answer, refusal } from '@/test/api'
import { aRequest, aRequestList, anAssignee, anAudit, anId, aUser } from '@/test/fixtures'
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

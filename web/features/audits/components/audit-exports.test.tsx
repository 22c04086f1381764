import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { anId, aUser } from '@/test/fixtures'
import { answerPrepare } from '@/test/prepared-files'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { AuditExports, ClientAuditExports } from './audit-exports'

const auditId = anId()

/** The exports' links and buttons in the order they are shown (and tabbed through). */
const actionNames = () =>
  screen
    .getAllByRole('link')
    .concat(screen.getAllByRole('button'))
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((element) => element.textContent)

const menuButton = () => screen.getByRole('button', { name: 'Prepare in background' })

describe('the firm’s exports of an audit', () => {
  test('a small audit: the direct downloads first, then a menu to prepare each file', async () => {
    const { handler, asked } = answerPrepare()
    server.use(handler)
    const { user } = renderWithApp(<AuditExports auditId={auditId} requests={499} />)

    expect(actionNames()).toEqual([
      'Export Excel',
      'Export CSV',
      'Status report (PDF)',
      'Download accepted files (ZIP)',
      'Prepare in background',
    ])
    expect(screen.queryByText(/may take a while/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Export Excel' })).not.toHaveAccessibleDescription()

    await user.click(menuButton())
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Prepare Excel file and notify me',
      'Prepare CSV file and notify me',
      'Prepare status report (PDF) and notify me',
      'Prepare accepted files (ZIP) and notify me',
    ])
    await user.click(
      within(menu).getByRole('menuitem', { name: 'Prepare Excel file and notify me' }),
    )

    expect(
      await screen.findByText('We’ll notify you when “Request tracker (Excel)” is ready.'),
    ).toBeInTheDocument()
    expect(screen.getByText('It can be downloaded for 24 hours.')).toBeInTheDocument()
    expect(asked).toEqual([{ kind: 'audit.xlsx', auditId }])
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    expect(menuButton()).toHaveFocus()
  })

  test('a large audit: preparing comes first, and the downloads say they may take a while', async () => {
    const { handler, asked } = answerPrepare()
    server.use(handler)
    const { user } = renderWithApp(<AuditExports auditId={auditId} requests={500} />)

    expect(actionNames()).toEqual([
      'Prepare in background',
      'Export Excel',
      'Export CSV',
      'Status report (PDF)',
      'Download accepted files (ZIP)',
    ])
    const note =
      'This audit has 500 requests: a direct download may take a while. Prepare the file in the background instead, and we’ll notify you when it’s ready.'
    expect(screen.getByText(/This audit has 500 requests/)).toHaveTextContent(note)
    for (const name of ['Export Excel', 'Export CSV', 'Status report (PDF)'])
      expect(screen.getByRole('link', { name })).toHaveAccessibleDescription(note)
    expect(menuButton()).toHaveAccessibleDescription(note)

    // From the keyboard: the menu opens on Enter, the arrows move through it.
    menuButton().focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('menu')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(
      screen.getByRole('menuitem', { name: 'Prepare accepted files (ZIP) and notify me' }),
    ).toHaveFocus()
    await user.keyboard('{Enter}')

    expect(
      await screen.findByText('We’ll notify you when “Accepted files (ZIP)” is ready.'),
    ).toBeInTheDocument()
    expect(asked).toEqual([{ kind: 'audit.zip', auditId }])
  })

  test('the item says it is on its way and takes no second click until the server answers', async () => {
    let release = () => {}
    const hold = new Promise<void>((resolve) => (release = resolve))
    const { handler, asked } = answerPrepare({ hold })
    server.use(handler)
    const { user } = renderWithApp(<AuditExports auditId={auditId} requests={3} />)

    await user.click(menuButton())
    await user.click(
      await screen.findByRole('menuitem', { name: 'Prepare status report (PDF) and notify me' }),
    )
    const pending = await screen.findByRole('menuitem', { name: 'Preparing...' })
    expect(pending).toHaveAttribute('aria-disabled', 'true')
    expect(pending).toHaveAttribute('aria-busy', 'true')
    const other = screen.getByRole('menuitem', { name: 'Prepare CSV file and notify me' })
    expect(other).toHaveAttribute('aria-disabled', 'true')
    await user.click(other)
    expect(asked).toHaveLength(1)

    release()
    expect(
      await screen.findByText('We’ll notify you when “Status report (PDF)” is ready.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    expect(asked).toEqual([{ kind: 'audit.pdf', auditId }])
  })

  test('a refusal shows the server’s message, and the file can be asked for again', async () => {
    const { handler, asked } = answerPrepare({
      refuse: {
        status: 409,
        body: { code: 'CONFLICT', message: 'This audit has no accepted files yet' },
      },
    })
    server.use(handler)
    const { user } = renderWithApp(<AuditExports auditId={auditId} requests={3} />)

    await user.click(menuButton())
    await user.click(
      await screen.findByRole('menuitem', { name: 'Prepare accepted files (ZIP) and notify me' }),
    )
    expect(await screen.findByText('Could not prepare “Accepted files (ZIP)”')).toBeInTheDocument()
    expect(screen.getByText('This audit has no accepted files yet')).toBeInTheDocument()
    expect(asked).toEqual([{ kind: 'audit.zip', auditId }])

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    await user.click(menuButton())
    expect(
      await screen.findByRole('menuitem', { name: 'Prepare accepted files (ZIP) and notify me' }),
    ).not.toHaveAttribute('aria-disabled')
  })
})

describe('the client’s status report', () => {
  const client = aUser({ role: 'client' })

  test('a small audit: the download alone', () => {
    renderWithApp(<ClientAuditExports auditId={auditId} requests={20} />, { user: client })
    expect(screen.getByRole('link', { name: 'Status report (PDF)' })).toHaveAttribute(
      'href',
      `/api/audits/${auditId}/report.pdf`,
    )
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  test('unknown yet (the counts load): the download alone, nothing to move later but the offer', () => {
    renderWithApp(<ClientAuditExports auditId={auditId} requests={undefined} />, { user: client })
    expect(screen.getByRole('link', { name: 'Status report (PDF)' })).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  test('a large audit: preparing the report comes first', async () => {
    const { handler, asked } = answerPrepare()
    server.use(handler)
    const { user } = renderWithApp(<ClientAuditExports auditId={auditId} requests={800} />, {
      user: client,
    })

    expect(actionNames()).toEqual(['Prepare status report and notify me', 'Status report (PDF)'])
    expect(screen.getByRole('link', { name: 'Status report (PDF)' })).toHaveAccessibleDescription(
      /^This audit has 800 requests: a direct download may take a while/,
    )
    await user.click(screen.getByRole('button', { name: 'Prepare status report and notify me' }))
    expect(
      await screen.findByText('We’ll notify you when “Status report (PDF)” is ready.'),
    ).toBeInTheDocument()
    expect(asked).toEqual([{ kind: 'audit.pdf', auditId }])
  })

  test('a refused report says why', async () => {
    const { handler } = answerPrepare({
      refuse: { status: 403, body: { code: 'FORBIDDEN', message: 'Not your audit' } },
    })
    server.use(handler)
    const { user } = renderWithApp(<ClientAuditExports auditId={auditId} requests={800} />, {
      user: client,
    })
    await user.click(screen.getByRole('button', { name: 'Prepare status report and notify me' }))
    expect(await screen.findByText('Could not prepare “Status report (PDF)”')).toBeInTheDocument()
    expect(screen.getByText('Not your audit')).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Prepare status report and notify me' }),
    ).toBeEnabled()
  })
})

import { notificationsApi } from '@shared/api/reminders'
import type { BodyOf } from '@shared/api/route'
import type { NotificationPage } from '@shared/schemas/reminders'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { useLocation } from 'react-router'
import { formatDateTime } from '@/lib/dates'
import { notificationQueries } from '@/lib/queries/notifications'
import { answer, refusal } from '@/test/api'
import { aNotification, aNotificationPage } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { NotificationBell } from './notification-bell'

type ReadBody = BodyOf<typeof notificationsApi.read>

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString()

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>
}

/** The bell in a header, where the app is shown beside it. */
function showBell(page: NotificationPage | ((query: URLSearchParams) => NotificationPage)) {
  const lists: URLSearchParams[] = []
  server.use(
    answer(notificationsApi.list, ({ request }) => {
      const query = new URL(request.url).searchParams
      lists.push(query)
      return typeof page === 'function' ? page(query) : page
    }),
  )
  const rendered = renderWithApp(
    <>
      <NotificationBell />
      <Where />
    </>,
    { route: '/dashboard' },
  )
  return { ...rendered, lists }
}

/** Answers POST /api/notifications/read with `unreadCount`, keeping what was sent. */
function answerRead(unreadCount: number) {
  const bodies: ReadBody[] = []
  server.use(
    answer(notificationsApi.read, async ({ request }) => {
      bodies.push((await request.json()) as ReadBody)
      return { unreadCount }
    }),
  )
  return bodies
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name })
const panel = () => screen.findByRole('dialog', { name: 'Notifications' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the notifications bell', () => {
  test('tells a screen reader what arrives, not what was there when the page opened', async () => {
    let page = aNotificationPage([aNotification({ title: 'Old news' })], { unreadCount: 1 })
    const { queryClient } = showBell(() => page)
    await bell('Notifications, 1 unread')
    expect(screen.getByRole('status')).toHaveTextContent('')

    page = aNotificationPage(
      [aNotification({ title: 'Grace submitted #2 Payroll for review' }), aNotification()],
      { unreadCount: 2 },
    )
    await queryClient.invalidateQueries({ queryKey: ['notifications'] })
    await bell('Notifications, 2 unread')
    // Said once the count has changed on screen (the next render), not before.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'New notification: Grace submitted #2 Payroll for review',
      ),
    )
  })

  test('says how many are unread, on the badge up to 9+, and nothing when none are', async () => {
    const first = showBell(aNotificationPage([aNotification()], { unreadCount: 3 }))
    const button = await bell('Notifications, 3 unread')
    expect(button).toHaveTextContent('3')
    first.unmount()

    const second = showBell(aNotificationPage([aNotification()], { unreadCount: 12 }))
    expect(await bell('Notifications, 12 unread')).toHaveTextContent('9+')
    second.unmount()

    showBell(aNotificationPage([aNotification({ readAt: hoursAgo(1) })]))
    await waitFor(() => expect(screen.getByRole('button')).toHaveAccessibleName('Notifications'))
    expect(screen.getByRole('button')).toHaveTextContent('')
  })

  test('reads a page of the list under the one key the live updates reload, and never polls', async () => {
    const { lists, queryClient } = showBell(aNotificationPage([aNotification()]))
    await bell('Notifications, 1 unread')
    expect(lists.map((query) => query.get('cursor'))).toEqual([null])
    expect(queryClient.getQueryCache().findAll({ queryKey: ['notifications'] })).toHaveLength(1)
    expect(notificationQueries.list().queryKey.slice(0, 1)).toEqual(['notifications'])

    // What the live updates do when the server says the notifications changed.
    server.use(
      answer(
        notificationsApi.list,
        aNotificationPage([aNotification(), aNotification()], { unreadCount: 2 }),
      ),
    )
    await queryClient.invalidateQueries({ queryKey: ['notifications'] })
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument()
  })

  test('opens on the newest first: title, body, when (exact on hover), unread ones marked', async () => {
    const submitted = aNotification({
      title: 'Grace Hopper submitted #3 Bank statements for review',
      createdAt: hoursAgo(2),
    })
    const returned = aNotification({
      kind: 'returned',
      title: 'Margaret Hamilton returned #1 Signed engagement letter',
      body: 'Please attach the signed copy, not the draft.',
      createdAt: hoursAgo(30),
      readAt: hoursAgo(20),
    })
    const { user } = showBell(aNotificationPage([submitted, returned]))

    await user.click(await bell('Notifications, 1 unread'))
    const dialog = await panel()
    const links = within(dialog).getAllByRole('link')
    expect(links).toHaveLength(2)
    expect(links[0]).toHaveAccessibleName(/^Unread: Grace Hopper submitted #3/)
    expect(links[0]).toHaveAttribute('href', submitted.url)
    expect(links[1]).toHaveAccessibleName(/^Margaret Hamilton returned #1/)
    expect(links[1]).toHaveTextContent('Please attach the signed copy, not the draft.')
    const time = within(links[0]!).getByText('2 hours ago')
    expect(time).toHaveAttribute('title', formatDateTime(submitted.createdAt))
    expect(time).toHaveAttribute('datetime', submitted.createdAt)
    expect(within(links[1]!).getByText('yesterday')).toBeInTheDocument()
  })

  test('Escape closes it and gives the focus back to the bell', async () => {
    const { user } = showBell(aNotificationPage([aNotification()]))
    const button = await bell('Notifications, 1 unread')
    await user.click(button)
    await panel()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('following a notification marks it read, goes where it happened and closes the panel', async () => {
    const unread = aNotification({ url: '/requests/r-1' })
    const read = aNotification({ url: '/requests/r-2', readAt: hoursAgo(1) })
    const bodies = answerRead(4)
    const { user } = showBell(aNotificationPage([unread, read], { unreadCount: 5 }))

    await user.click(await bell('Notifications, 5 unread'))
    await user.click(within(await panel()).getAllByRole('link')[0]!)

    expect(screen.getByTestId('location')).toHaveTextContent('/requests/r-1')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The count comes from the reply: others may be unread beyond the first page.
    expect(await bell('Notifications, 4 unread')).toBeInTheDocument()
    expect(bodies).toEqual([{ ids: [unread.id] }])

    // An already read one is followed without a call.
    await user.click(await bell('Notifications, 4 unread'))
    const links = within(await panel()).getAllByRole('link')
    expect(links[0]).not.toHaveAccessibleName(/^Unread/)
    await user.click(links[1]!)
    expect(screen.getByTestId('location')).toHaveTextContent('/requests/r-2')
    expect(bodies).toHaveLength(1)
  })

  test('a file made for the user is a plain download, not a screen: followed by mouse or keyboard, it is marked read', async () => {
    const file = aNotification({
      kind: 'file_ready',
      title: 'Request tracker (Excel) is ready: fy2026-requests.xlsx',
      body: 'You can download it for 24 hours.',
      url: '/api/prepared-files/f-1/download',
    })
    const other = aNotification({
      kind: 'file_ready',
      title: 'Audits (CSV) is ready: audits.csv',
      url: '/api/prepared-files/f-2/download',
    })
    const bodies = answerRead(0)
    // What the browser would do with the link once the app has let the click through.
    const followed: string[] = []
    const browser = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a')
      if (!link) return
      if (!event.defaultPrevented) followed.push(link.getAttribute('href')!)
      event.preventDefault()
    }
    window.addEventListener('click', browser)
    try {
      const { user } = showBell(aNotificationPage([file, other], { unreadCount: 2 }))

      await user.click(await bell('Notifications, 2 unread'))
      const link = within(await panel()).getByRole('link', { name: /Request tracker \(Excel\)/ })
      expect(link).toHaveAttribute('href', '/api/prepared-files/f-1/download')
      expect(link).toHaveAttribute('download')
      expect(link).toHaveTextContent('Download')
      await user.click(link)

      expect(followed).toEqual(['/api/prepared-files/f-1/download'])
      // Not the router's: the app stays where it was.
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard')
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      await waitFor(() => expect(bodies).toEqual([{ ids: [file.id] }]))

      // From the keyboard.
      await user.click(await bell())
      const next = within(await panel()).getByRole('link', { name: /Audits \(CSV\)/ })
      next.focus()
      await user.keyboard('{Enter}')
      expect(followed).toEqual([
        '/api/prepared-files/f-1/download',
        '/api/prepared-files/f-2/download',
      ])
      await waitFor(() => expect(bodies).toEqual([{ ids: [file.id] }, { ids: [other.id] }]))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard')
    } finally {
      window.removeEventListener('click', browser)
    }
  })

  test('a file that could not be made leads back to its page in the app', async () => {
    const failed = aNotification({
      kind: 'file_ready',
      title: 'Request tracker (Excel) could not be prepared',
      url: '/audits/a-1',
    })
    answerRead(0)
    const { user } = showBell(aNotificationPage([failed]))
    await user.click(await bell('Notifications, 1 unread'))
    const link = within(await panel()).getByRole('link', { name: /could not be prepared/ })
    expect(link).not.toHaveAttribute('download')
    expect(link).not.toHaveTextContent('Download')
    await user.click(link)
    expect(screen.getByTestId('location')).toHaveTextContent('/audits/a-1')
  })

  test('Mark all as read marks every one, and waits while there is nothing to mark', async () => {
    const bodies = answerRead(0)
    const { user } = showBell(
      aNotificationPage([aNotification(), aNotification()], { unreadCount: 7 }),
    )

    await user.click(await bell('Notifications, 7 unread'))
    const dialog = await panel()
    const markAll = within(dialog).getByRole('button', { name: 'Mark all as read' })
    await user.click(markAll)

    expect(await bell('Notifications')).toBeInTheDocument()
    expect(bodies).toEqual([{}])
    expect(within(dialog).getAllByRole('link')[0]).not.toHaveAccessibleName(/^Unread/)
    // Still focused and announced as unavailable, rather than taken away from the keyboard.
    expect(markAll).toHaveFocus()
    expect(markAll).toHaveAttribute('aria-disabled', 'true')
    await user.click(markAll)
    expect(bodies).toHaveLength(1)
  })

  test('a refused mark-all says so and leaves the count', async () => {
    server.use(
      answer(notificationsApi.read, () =>
        refusal(500, { code: 'INTERNAL', message: 'Something went wrong' }),
      ),
    )
    const { user } = showBell(aNotificationPage([aNotification()]))
    await user.click(await bell('Notifications, 1 unread'))
    await user.click(within(await panel()).getByRole('button', { name: 'Mark all as read' }))
    expect(await screen.findByText('Could not mark your notifications as read')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
  })

  test('Load more reads the next page from its cursor, and focuses the first new one', async () => {
    const older = aNotification({ title: 'Ada Lovelace commented on #2 Bank statements' })
    const { user, lists } = showBell((query) =>
      query.get('cursor') === 'page-2'
        ? aNotificationPage([older], { unreadCount: 2 })
        : aNotificationPage([aNotification()], { unreadCount: 2, nextCursor: 'page-2' }),
    )

    await user.click(await bell('Notifications, 2 unread'))
    const dialog = await panel()
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }))

    const links = await waitFor(() => {
      const found = within(dialog).getAllByRole('link')
      expect(found).toHaveLength(2)
      return found
    })
    expect(links[1]).toHaveAccessibleName(/Ada Lovelace commented/)
    await waitFor(() => expect(links[1]).toHaveFocus())
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(lists.map((query) => query.get('cursor'))).toEqual([null, 'page-2'])
    expect(lists[0]!.get('limit')).toBe('20')
  })

  test('nothing yet: all caught up, with nothing to mark', async () => {
    const { user } = showBell(aNotificationPage([]))
    await user.click(await bell('Notifications'))
    const dialog = await panel()
    expect(within(dialog).getByText('You’re all caught up')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  test('a failed read shows the error with a retry that loads them', async () => {
    server.use(
      answer(notificationsApi.list, () =>
        refusal(500, { code: 'INTERNAL', message: 'Something went wrong' }),
      ),
    )
    const { user } = renderWithApp(<NotificationBell />)
    await user.click(await bell('Notifications'))
    const dialog = await panel()
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load your notifications',
    )
    server.use(answer(notificationsApi.list, aNotificationPage([aNotification()])))
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('link')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
  })

  test('on a phone it opens as a full-width sheet with its own Close button', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: true,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    )
    const { user } = showBell(aNotificationPage([aNotification()]))
    const button = await bell('Notifications, 1 unread')
    await user.click(button)
    const dialog = await panel()
    expect(dialog).toHaveAttribute('data-slot', 'dialog-content')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(button).toHaveFocus()
  })
})

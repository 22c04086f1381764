import { searchApi } from '@shared/api/search'
import { searchResultDto, type SearchResultDto } from '@shared/schemas/search'
import type { CurrentUser } from '@shared/schemas/auth'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { useLocation } from 'react-router'
import { answer, refusal } from '@/test/api'
import { anId, aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { recentItemsKey } from '../lib/recent-items'
import { SearchButton } from './search-button'

/** A result as the server sends it (checked by the shared schema). */
function aResult(overrides: Partial<SearchResultDto> = {}): SearchResultDto {
  const id = overrides.id ?? anId()
  return searchResultDto.parse({
    type: 'request',
    id,
    title: 'Bank statements',
    snippet: 'Bank statements for every account',
    highlights: [[0, 4]],
    url: `/requests/${id}`,
    context: 'Northwind Traders · FY2026 audit',
    ...overrides,
  })
}

function Where() {
  const { pathname, hash } = useLocation()
  return <p data-testid="location">{`${pathname}${hash}`}</p>
}

/** The header's search, the server answering each `q` with `results(q)`; the calls are kept. */
function showSearch(
  results: (q: string) => SearchResultDto[] | Response,
  { user }: { user?: CurrentUser } = {},
) {
  const calls: URLSearchParams[] = []
  server.use(
    answer(searchApi.search, ({ request }) => {
      const query = new URL(request.url).searchParams
      calls.push(query)
      const found = results(query.get('q') ?? '')
      return found instanceof Response ? found : { items: found, nextCursor: null }
    }),
  )
  const rendered = renderWithApp(
    <>
      <SearchButton />
      <Where />
    </>,
    { route: '/dashboard', user },
  )
  return { ...rendered, calls }
}

const palette = () => screen.findByRole('dialog', { name: 'Search' })
const searchBox = async () => within(await palette()).getByRole('combobox', { name: 'Search' })
const groupNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('group')
    .map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)
const location = () => screen.getByTestId('location')

beforeEach(() => window.localStorage.clear())
afterEach(async () => {
  window.localStorage.clear()
  // A dialog left open gives the focus back a moment after it unmounts: not in the next test.
  cleanup()
  await new Promise((resolve) => setTimeout(resolve, 0))
})

describe('the search palette', () => {
  test('Ctrl+K opens it; what is found comes grouped by kind in a fixed order, the words found marked', async () => {
    const client = aResult({
      type: 'client',
      title: 'Bankside Holdings',
      snippet: 'Bankside Holdings',
      highlights: [[0, 4]],
      url: '/clients/c-1',
      context: '',
    })
    const request = aResult({
      title: 'Bank statements',
      snippet: 'All bank statements for the bank loan',
      highlights: [
        [4, 8],
        [28, 32],
      ],
    })
    const comment = aResult({
      type: 'comment',
      title: 'Grace Hopper',
      snippet: 'The bank letter is attached',
      highlights: [[4, 8]],
      url: `/requests/${request.id}#comment-c-9`,
    })
    const file = aResult({
      type: 'file',
      title: 'bank-confirmation.pdf',
      snippet: 'Confirmation from the bank',
      highlights: [[22, 26]],
      url: `/requests/${request.id}#file-f-3`,
    })
    // Best match first across kinds, as the server ranks them.
    const { user, calls } = showSearch(() => [client, comment, request, file])

    await user.keyboard('{Control>}k{/Control}')
    const box = await searchBox()
    expect(box).toHaveFocus()
    expect(within(await palette()).getByText('Type a word', { exact: false })).toBeVisible()

    // Spaces alone are no search.
    await user.type(box, '   ')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(calls).toHaveLength(0)

    await user.clear(box)
    await user.type(box, 'bank')
    const dialog = await palette()
    await within(dialog).findByRole('option', { name: /Bank statements/ })
    expect(groupNames(dialog)).toEqual(['Requests', 'Files', 'Comments', 'Clients'])
    // Asked once the typing paused, not once a letter.
    expect(calls.map((query) => query.get('q'))).toEqual(['bank'])
    expect(calls[0]!.get('limit')).toBe('20')

    const row = within(dialog).getByRole('option', { name: /Bank statements/ })
    expect(row).toHaveTextContent('Northwind Traders · FY2026 audit')
    expect(row).toHaveTextContent('All bank statements for the bank loan')
    expect(Array.from(row.querySelectorAll('mark')).map((mark) => mark.textContent)).toEqual([
      'bank',
      'bank',
    ])
    expect(within(dialog).getByRole('group', { name: 'Files' })).toHaveTextContent(
      'bank-confirmation.pdf',
    )
    // A snippet that is the title: the words are marked in the title, not said twice.
    const clientRow = within(within(dialog).getByRole('group', { name: 'Clients' })).getByRole(
      'option',
    )
    expect(clientRow).toHaveTextContent(/^Bankside Holdings$/)
    expect(clientRow.querySelector('mark')).toHaveTextContent(/^Bank$/)
    // The first line is the one Enter opens.
    expect(within(dialog).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true')
  })

  test('a snippet is text, never markup', async () => {
    const { user } = showSearch(() => [
      aResult({ snippet: '<img src=x onerror=alert(1)> bank', highlights: [[29, 33]] }),
    ])
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.type(await searchBox(), 'bank')
    const row = await within(await palette()).findByRole('option', { name: /Bank statements/ })
    expect(row.querySelector('img')).toBeNull()
    expect(row).toHaveTextContent('<img src=x onerror=alert(1)> bank')
    expect(row.querySelector('mark')).toHaveTextContent('bank')
  })

  test('arrow keys move and Enter opens: the app goes to its page and the palette closes', async () => {
    const request = aResult({ title: 'Payroll reconciliation' })
    const comment = aResult({
      type: 'comment',
      title: 'Ada Lovelace',
      snippet: 'Payroll for March is missing',
      highlights: [[0, 7]],
      url: `/requests/${request.id}#comment-c-1`,
    })
    const { user } = showSearch(() => [request, comment])

    await user.keyboard('{Control>}k{/Control}')
    await user.type(await searchBox(), 'payr')
    const dialog = await palette()
    const options = await within(dialog).findAllByRole('option')
    expect(options).toHaveLength(2)
    await user.keyboard('{ArrowDown}')
    expect(options[1]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}')

    expect(location()).toHaveTextContent(`/requests/${request.id}#comment-c-1`)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  test('nothing found: says so, for the word searched', async () => {
    const { user } = showSearch(() => [])
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.type(await searchBox(), 'zebra')
    const dialog = await palette()
    expect(await within(dialog).findByText('No results for “zebra”')).toBeVisible()
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument()
  })

  test('a failed search says so and its retry searches again', async () => {
    let fail = true
    const { user, calls } = showSearch(() =>
      fail
        ? refusal(500, { code: 'INTERNAL', message: 'Something went wrong' })
        : [aResult({ title: 'Fixed assets register' })],
    )
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.type(await searchBox(), 'fixed')
    const dialog = await palette()
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Search failed')

    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(
      await within(dialog).findByRole('option', { name: /Fixed assets register/ }),
    ).toBeVisible()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(calls).toHaveLength(2)
  })

  test('what was opened is offered again under Recent while the box is empty, and can be cleared', async () => {
    const me = aUser()
    const request = aResult({ title: 'Signed engagement letter', context: 'Acme Ltd · FY2026' })
    const { user } = showSearch(() => [request], { user: me })

    await user.keyboard('{Control>}k{/Control}')
    expect(within(await palette()).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument()
    await user.type(await searchBox(), 'engagement')
    await within(await palette()).findByRole('option', { name: /Signed engagement letter/ })
    await user.keyboard('{Enter}')
    expect(location()).toHaveTextContent(`/requests/${request.id}`)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.keyboard('{Control>}k{/Control}')
    const dialog = await palette()
    expect(await searchBox()).toHaveValue('')
    const recent = within(dialog).getByRole('group', { name: 'Recent' })
    const item = within(recent).getByRole('option', { name: /Signed engagement letter/ })
    expect(item).toHaveTextContent('Acme Ltd · FY2026')
    expect(item).toHaveAttribute('aria-selected', 'true')
    expect(
      JSON.parse(window.localStorage.getItem(recentItemsKey(me.id, me.company.id))!),
    ).toHaveLength(1)

    await user.click(within(dialog).getByRole('button', { name: 'Clear recent' }))
    expect(within(dialog).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument()
    expect(await searchBox()).toHaveFocus()
    expect(window.localStorage.getItem(recentItemsKey(me.id, me.company.id))).toBeNull()
  })

  test('Recent is per person and firm: the same person in another firm does not see it', async () => {
    const me = aUser()
    const request = aResult({ title: 'Inventory count sheets' })
    window.localStorage.setItem(
      recentItemsKey(me.id, me.company.id),
      JSON.stringify([
        { type: request.type, id: request.id, title: request.title, context: '', url: request.url },
      ]),
    )

    const first = showSearch(() => [], { user: me })
    await first.user.keyboard('{Control>}k{/Control}')
    const option = within(await palette()).getByRole('option', { name: /Inventory count sheets/ })
    // Opened again from Recent, with the keyboard.
    expect(option).toHaveAttribute('aria-selected', 'true')
    await first.user.keyboard('{Enter}')
    expect(location()).toHaveTextContent(request.url)
    first.unmount()

    const otherFirm = { ...me, company: { ...me.company, id: anId(), name: 'Other LLP' } }
    const second = showSearch(() => [], { user: otherFirm })
    await second.user.keyboard('{Control>}k{/Control}')
    expect(within(await palette()).queryByRole('option')).not.toBeInTheDocument()
  })

  test('/ opens it outside text fields; Escape closes it and gives the focus back', async () => {
    const { user } = showSearch(() => [])
    const button = screen.getByRole('button', { name: 'Search' })
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K')
    expect(button).toHaveTextContent('Ctrl K')

    button.focus()
    await user.keyboard('/')
    expect(await palette()).toBeVisible()
    expect(await searchBox()).toHaveValue('')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(button).toHaveFocus())

    // Ctrl+K closes it again too.
    await user.keyboard('{Control>}k{/Control}')
    await palette()
    await user.keyboard('{Control>}k{/Control}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  test('a / typed in a text field stays there', async () => {
    const { user } = showSearch(() => [])
    const field = document.createElement('input')
    document.body.append(field)
    try {
      await user.type(field, 'a/b')
      expect(field).toHaveValue('a/b')
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    } finally {
      field.remove()
    }
  })
})

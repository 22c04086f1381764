import { clientsApi } from '@shared/api/engagements'
import { screen, waitFor, within } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { expect, test } from 'vitest'
import { PagedComboboxField } from '@/components/paged-combobox-field'
import { clientQueries } from '@/lib/queries/engagements'
import { usePagedSearch } from '@/lib/use-paged-search'
import { answerPages, refusal } from '@/test/api'
import { aClient } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'

/** A form choosing one of the company's clients, and what it holds. */
function ClientForm() {
  const form = useForm<{ clientId: string | null }>({ defaultValues: { clientId: null } })
  const clients = usePagedSearch((q) => clientQueries.list({ q }))
  return (
    <form noValidate>
      <PagedComboboxField
        control={form.control}
        name="clientId"
        label="Client"
        placeholder="Search for a client"
        list={clients}
        toOption={(client) => ({ value: client.id, label: client.name })}
        loadError="The clients could not be loaded."
      />
      <output aria-label="Chosen">{form.watch('clientId') ?? 'none'}</output>
    </form>
  )
}

const acme = aClient({ name: 'Acme Corporation' })
const globex = aClient({ name: 'Globex Corporation' })
const initech = aClient({ name: 'Initech' })
const failure = () => refusal(500, { code: 'INTERNAL', message: 'Something went wrong' })

const options = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((option) => option.textContent)
const active = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent

test('the arrows move through the results, Enter chooses one and Escape closes the list', async () => {
  server.use(answerPages(clientsApi.list, () => ({ items: [acme, globex, initech] })))
  const { user } = renderWithApp(<ClientForm />)
  const input = screen.getByRole('combobox', { name: 'Client' })

  await user.click(input)
  await screen.findByRole('option', { name: 'Acme Corporation' })
  expect(input).toHaveAttribute('aria-expanded', 'true')
  expect(active(input)).toBe('Acme Corporation')

  await user.keyboard('{ArrowDown}{ArrowDown}')
  expect(active(input)).toBe('Initech')
  // The last one stays active: there is nothing after it.
  await user.keyboard('{ArrowDown}')
  expect(active(input)).toBe('Initech')
  await user.keyboard('{ArrowUp}')
  expect(active(input)).toBe('Globex Corporation')

  await user.keyboard('{Enter}')

  expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  expect(input).toHaveValue('Globex Corporation')
  expect(input).toHaveFocus()
  expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent(globex.id)

  await user.keyboard('{ArrowDown}')
  expect(screen.getByRole('listbox')).toBeInTheDocument()
  expect(screen.getByRole('option', { name: 'Globex Corporation' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await user.keyboard('{Escape}')

  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
  expect(input).toHaveAttribute('aria-expanded', 'false')
  expect(input).toHaveFocus()
  expect(input).toHaveValue('Globex Corporation')
})

test('typing searches the server once the typing pauses, and says when nothing matches', async () => {
  const searches: (string | null)[] = []
  server.use(
    answerPages(clientsApi.list, (query) => {
      const q = query.get('q')
      searches.push(q)
      if (!q) return { items: [acme, globex] }
      return { items: 'globex'.startsWith(q.toLowerCase()) ? [globex] : [] }
    }),
  )
  const { user } = renderWithApp(<ClientForm />)
  const input = screen.getByRole('combobox', { name: 'Client' })
  await user.click(input)
  await screen.findByRole('option', { name: 'Acme Corporation' })

  await user.type(input, 'glob')

  await waitFor(() => expect(options()).toEqual(['Globex Corporation']))
  // The first page without a search, then the word once typing paused: not one call per key.
  expect(searches).toEqual([null, 'glob'])
  expect(active(input)).toBe('Globex Corporation')

  await user.type(input, 'x')

  expect(await screen.findByText('No results for “globx”')).toBeInTheDocument()
  expect(options()).toEqual([])
  // Enter with nothing to choose leaves the field as it was.
  await user.keyboard('{Enter}')
  expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('none')
})

test('moving down past the last result reads the next page and goes on to its first result', async () => {
  const cursors: (string | null)[] = []
  server.use(
    answerPages(clientsApi.list, (query) => {
      const cursor = query.get('cursor')
      cursors.push(cursor)
      return cursor === 'page-2' ? { items: [initech] } : { items: [acme, globex], next: 'page-2' }
    }),
  )
  const { user } = renderWithApp(<ClientForm />)
  const input = screen.getByRole('combobox', { name: 'Client' })
  await user.click(input)
  await screen.findByRole('option', { name: 'Acme Corporation' })
  expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument()

  await user.keyboard('{ArrowDown}{ArrowDown}')

  await waitFor(() =>
    expect(options()).toEqual(['Acme Corporation', 'Globex Corporation', 'Initech']),
  )
  expect(active(input)).toBe('Initech')
  expect(cursors).toEqual([null, 'page-2'])
  // Every page is read: no more to load.
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  expect(input).toHaveFocus()
})

test('"Load more" at the end of the list reads the next page, the input keeping the focus', async () => {
  server.use(
    answerPages(clientsApi.list, (query) =>
      query.get('cursor') === 'page-2'
        ? { items: [initech] }
        : { items: [acme, globex], next: 'page-2' },
    ),
  )
  const { user } = renderWithApp(<ClientForm />)
  const input = screen.getByRole('combobox', { name: 'Client' })
  await user.click(input)

  await user.click(await screen.findByRole('button', { name: 'Load more' }))

  await waitFor(() =>
    expect(options()).toEqual(['Acme Corporation', 'Globex Corporation', 'Initech']),
  )
  expect(input).toHaveFocus()
  await user.click(screen.getByRole('option', { name: 'Initech' }))
  expect(input).toHaveValue('Initech')
})

test('a failed read says so in the list and under the field, and "Try again" reads it again', async () => {
  let calls = 0
  server.use(
    answerPages(clientsApi.list, () => {
      calls += 1
      if (calls === 1) throw failure()
      return { items: [acme] }
    }),
  )
  const { user } = renderWithApp(<ClientForm />)
  const input = screen.getByRole('combobox', { name: 'Client' })
  await user.click(input)

  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('The clients could not be loaded.')
  expect(input).toHaveAccessibleDescription('The clients could not be loaded.')
  expect(options()).toEqual([])

  await user.click(screen.getByRole('button', { name: 'Try again' }))

  expect(await screen.findByRole('option', { name: 'Acme Corporation' })).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  expect(input).not.toHaveAccessibleDescription()
  expect(input).toHaveFocus()
})

test('a next page that fails keeps the results, and moving down past them tries it again', async () => {
  let failNext = true
  server.use(
    answerPages(clientsApi.list, (query) => {
      if (query.get('cursor') !== 'page-2') return { items: [acme, globex], next: 'page-2' }
      if (failNext) {
        failNext = false
        throw failure()
      }
      return { items: [initech] }
    }),
  )
  const { user } = renderWithApp(<ClientForm />)
  const input = screen.getByRole('combobox', { name: 'Client' })
  await user.click(input)
  await screen.findByRole('option', { name: 'Acme Corporation' })

  await user.keyboard('{ArrowDown}{ArrowDown}')

  expect(await screen.findByRole('alert')).toHaveTextContent('The next page could not be loaded.')
  expect(options()).toEqual(['Acme Corporation', 'Globex Corporation'])
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()

  await user.keyboard('{ArrowDown}')

  await waitFor(() =>
    expect(options()).toEqual(['Acme Corporation', 'Globex Corporation', 'Initech']),
  )
  expect(active(input)).toBe('Initech')
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

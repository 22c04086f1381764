import { useInfiniteQuery } from '@tanstack/react-query'
import { templateItemsApi } from '@shared/api/templates'
import { templateItemDto, type TemplateItem } from '@shared/schemas/templates'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { toastFailure } from '@/lib/mutation-feedback'
import { templateItemQueries } from '@/lib/queries/templates'
import { answer, answerPages, refusal } from '@/test/api'
import { anId } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { useMoveTemplateItem } from './move-template-item'

const templateId = anId()
const anItem = (title: string, order: number): TemplateItem =>
  templateItemDto.parse({
    id: anId(),
    templateId,
    title,
    description: null,
    section: null,
    reference: null,
    requiresDocument: false,
    requiresResponse: false,
    answerType: 'text',
    choices: null,
    dueDaysBefore: null,
    order,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  })

/** The list as the page reads it, and a button that moves its last item first. */
function Checklist() {
  const items = useInfiniteQuery(templateItemQueries.list(templateId))
  const move = useMoveTemplateItem({
    onError: (error) => toastFailure('Failed to move item', error),
  })
  const last = items.data?.at(-1)
  return (
    <>
      <ol aria-label="Checklist items">
        {items.data?.map((item) => (
          <li key={item.id}>{item.title}</li>
        ))}
      </ol>
      {items.hasNextPage ? (
        <button type="button" onClick={() => void items.fetchNextPage()}>
          Load more
        </button>
      ) : null}
      {last ? (
        <button type="button" onClick={() => move.mutate({ id: last.id, templateId, position: 0 })}>
          Move last first
        </button>
      ) : null}
    </>
  )
}

const shown = () =>
  within(screen.getByRole('list', { name: 'Checklist items' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent)

/** Items a, b, c on the server, read a page of two at a time. */
function serve() {
  let stored = [anItem('a', 0), anItem('b', 1), anItem('c', 2)]
  server.use(
    answerPages(templateItemsApi.list, (query) =>
      query.get('cursor')
        ? { items: stored.slice(2) }
        : { items: stored.slice(0, 2), next: 'page-2' },
    ),
  )
  return {
    get stored() {
      return stored
    },
    set stored(next: TemplateItem[]) {
      stored = next
    },
  }
}

test('a move shows at once, goes to the server, then the list is read back', async () => {
  const data = serve()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const moved: unknown[] = []
  server.use(
    answer(templateItemsApi.move, async ({ params, request }) => {
      moved.push({ id: params.id, body: await request.json() })
      await held
      const [a, b, c] = data.stored
      data.stored = [
        { ...c!, order: 0 },
        { ...a!, order: 1 },
        { ...b!, order: 2 },
      ]
      return data.stored[0]!
    }),
  )
  const { user, queryClient } = renderWithApp(<Checklist />)
  await waitFor(() => expect(shown()).toEqual(['a', 'b']))
  await user.click(screen.getByRole('button', { name: 'Load more' }))
  await waitFor(() => expect(shown()).toEqual(['a', 'b', 'c']))

  await user.click(screen.getByRole('button', { name: 'Move last first' }))
  // On screen before the server answers, the pages keeping their lengths.
  await waitFor(() => expect(shown()).toEqual(['c', 'a', 'b']))
  expect(moved).toEqual([{ id: data.stored[2]!.id, body: { position: 0 } }])
  release()
  await waitFor(() => expect(queryClient.isMutating()).toBe(0))
  expect(shown()).toEqual(['c', 'a', 'b'])
  expect(screen.queryByText('Failed to move item')).not.toBeInTheDocument()
})

test('a refused move puts the list back and says why', async () => {
  serve()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  server.use(
    answer(templateItemsApi.move, async () => {
      await held
      return refusal(404, { message: 'Item not found', code: 'NOT_FOUND' })
    }),
  )
  const { user } = renderWithApp(<Checklist />)
  await waitFor(() => expect(shown()).toEqual(['a', 'b']))

  await user.click(screen.getByRole('button', { name: 'Move last first' }))
  await waitFor(() => expect(shown()).toEqual(['b', 'a']))
  release()
  expect(await screen.findByText('Failed to move item')).toBeInTheDocument()
  expect(screen.getByText('Item not found')).toBeInTheDocument()
  expect(shown()).toEqual(['a', 'b'])
})

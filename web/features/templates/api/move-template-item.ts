import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { templateItemsApi } from '@shared/api/templates'
import type { TemplateItem } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import type { Page } from '@/lib/api-pages'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { templateItemQueries } from '@/lib/queries/templates'

interface Variables {
  id: string
  templateId: string
  /** The item's new place among the template's other items, 0 first. */
  position: number
}

const moveKey = ['template-items', 'move'] as const

type ItemPages = InfiniteData<Page<typeof templateItemsApi.list>, string | null>

export const moveTemplateItem = ({ id, position }: Variables) =>
  call(templateItemsApi.move, { params: { id }, body: { position } })

/** The pages read so far with the item moved to `position`, each page keeping its length. */
export function movedIn(data: ItemPages, id: string, position: number): ItemPages {
  const all = data.pages.flatMap((page) => page.items)
  const item = all.find((candidate) => candidate.id === id)
  if (!item) return data
  const others = all.filter((candidate) => candidate.id !== id)
  const reordered = [...others.slice(0, position), item, ...others.slice(position)]
  let start = 0
  return {
    ...data,
    pages: data.pages.map((page) => {
      const items = reordered.slice(start, start + page.items.length)
      start += page.items.length
      return { ...page, items }
    }),
  }
}

/**
 * Moves an item at once on screen (the list's cache), then on the server; a refusal puts the
 * list back as it was (the caller says why). Moves of one template go out one after the other,
 * so the server applies them in the order they were made.
 */
export function useMoveTemplateItem(options?: MutationOptions<TemplateItem, Variables>) {
  const queryClient = useQueryClient()
  return useApiMutation(
    moveTemplateItem,
    {},
    {
      ...options,
      mutationKey: moveKey,
      scope: { id: moveKey.join('.') },
      onMutate: async ({ id, templateId, position }) => {
        const { queryKey } = templateItemQueries.list(templateId)
        await queryClient.cancelQueries({ queryKey })
        const before = queryClient.getQueryData<ItemPages>(queryKey)
        if (before) queryClient.setQueryData<ItemPages>(queryKey, movedIn(before, id, position))
        return { before }
      },
      onError: (error, variables, context, ...rest) => {
        const { before } = (context ?? {}) as { before?: ItemPages }
        if (before)
          queryClient.setQueryData(templateItemQueries.list(variables.templateId).queryKey, before)
        options?.onError?.(error, variables, context, ...rest)
      },
      // The server numbered the template's items again: read their orders back, once the last
      // move made is through (earlier answers would undo the later moves on screen meanwhile).
      onSettled: async (...args) => {
        const { templateId } = args[2]
        if (queryClient.isMutating({ mutationKey: moveKey }) <= 1)
          await queryClient.invalidateQueries({
            queryKey: templateItemQueries.list(templateId).queryKey,
          })
        await options?.onSettled?.(...args)
      },
    },
  )
}

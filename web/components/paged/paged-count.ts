/** How many a paged list holds as far as read: "100+" while more pages follow. */
export function pagedCount(list: {
  data: readonly unknown[] | undefined
  hasNextPage: boolean
}): number | string | undefined {
  if (!list.data) return undefined
  return list.hasNextPage ? `${list.data.length}+` : list.data.length
}

import { SEARCH_TYPES, type SearchResultDto, type SearchType } from '@shared/schemas/search'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useSession } from '@/lib/session'

/** What the palette keeps of a result the user opened, to offer it again. */
export type RecentItem = Pick<SearchResultDto, 'type' | 'id' | 'title' | 'context' | 'url'>

export const RECENT_ITEMS_MAX = 8

/**
 * One list per person and firm: someone who works for two firms in this browser never sees one's
 * things offered in the other. Kept in localStorage; nothing breaks when it is full, disabled or
 * holds something else.
 */
export const recentItemsKey = (userId: string, companyId: string) =>
  `auditdesk.search-recent.${companyId}.${userId}`

const listeners = new Set<() => void>()

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  // Another tab of the same browser opened something.
  window.addEventListener('storage', onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onChange)
  }
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, items: RecentItem[] | null) {
  try {
    if (items === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, JSON.stringify(items))
  } catch {
    // Storage full or disabled: the item is simply not offered next time.
  }
  listeners.forEach((listener) => listener())
}

const isRecentItem = (value: unknown): value is RecentItem => {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    SEARCH_TYPES.includes(item.type as SearchType) &&
    typeof item.id === 'string' &&
    typeof item.title === 'string' &&
    typeof item.context === 'string' &&
    typeof item.url === 'string' &&
    // Only ever a path of this application, whatever the storage was made to hold.
    item.url.startsWith('/') &&
    !item.url.startsWith('//')
  )
}

export function parseRecentItems(raw: string | null): RecentItem[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter(isRecentItem).slice(0, RECENT_ITEMS_MAX) : []
  } catch {
    return []
  }
}

const sameItem = (a: RecentItem, b: RecentItem) => a.type === b.type && a.id === b.id

/** The signed-in user's recently opened results (most recent first), to add to and to clear. */
export function useRecentItems() {
  const { id: userId, company } = useSession()
  const key = recentItemsKey(userId, company.id)
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  )
  const items = useMemo(() => parseRecentItems(raw), [raw])

  const remember = useCallback(
    (item: RecentItem) => {
      const { type, id, title, context, url } = item
      const kept = { type, id, title, context, url }
      const before = parseRecentItems(readRaw(key)).filter((each) => !sameItem(each, kept))
      write(key, [kept, ...before].slice(0, RECENT_ITEMS_MAX))
    },
    [key],
  )
  const clear = useCallback(() => write(key, null), [key])

  return { items, remember, clear }
}

import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** The card grid's columns at each width (CardGrid's `sm:grid-cols-2 xl:grid-cols-3`). */
const GRID_COLUMNS = [
  { query: '(min-width: 80rem)', columns: 3 },
  { query: '(min-width: 40rem)', columns: 2 },
] as const

function subscribeToWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {}
  const media = GRID_COLUMNS.map(({ query }) => window.matchMedia(query))
  for (const entry of media) entry.addEventListener('change', onChange)
  return () => {
    for (const entry of media) entry.removeEventListener('change', onChange)
  }
}

function gridColumns() {
  if (typeof window.matchMedia !== 'function') return 1
  return GRID_COLUMNS.find(({ query }) => window.matchMedia(query).matches)?.columns ?? 1
}

interface VirtualListProps<T> {
  items: readonly T[]
  getKey: (item: T) => string
  renderItem: (item: T) => ReactNode
  /** The list's accessible name. */
  label: string
  /** `grid`: the card grid's columns; `list`: one item a row. */
  layout?: 'grid' | 'list'
  /** A first guess at a row's height (px, gap included); each row is measured once shown. */
  estimateRowHeight: number
  /** The space between rows: the card gap, or none (rows that draw their own borders). */
  gap?: 'cards' | 'list' | 'none'
  /** The total the list holds when known (more than the pages read so far), for aria-setsize. */
  total?: number
  className?: string
}

/**
 * A long list that keeps only the rows near the viewport in the page (the window scrolls; rows
 * are measured, so nothing jumps). Items are list items with their position in the whole list;
 * focus moving down by Tab scrolls, and the rows it reaches are rendered ahead (overscan).
 */
export function VirtualList<T>({
  items,
  getKey,
  renderItem,
  label,
  layout = 'list',
  gap = 'cards',
  estimateRowHeight,
  total,
  className,
}: VirtualListProps<T>) {
  const columns = useSyncExternalStore(subscribeToWidth, () =>
    layout === 'grid' ? gridColumns() : 1,
  )
  const listRef = useRef<HTMLDivElement>(null)
  // Where the list starts in the page: the window's scroll position is measured from there.
  const [scrollMargin, setScrollMargin] = useState(0)
  const itemCount = items.length
  useLayoutEffect(() => {
    const element = listRef.current
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY)
  }, [itemCount, columns])

  const rowCount = Math.ceil(items.length / columns)
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateRowHeight,
    overscan: 4,
    scrollMargin,
    getItemKey: (row) => {
      const first = items[row * columns]
      return first ? `${getKey(first)}:${columns}` : row
    },
  })
  const rows = virtualizer.getVirtualItems()
  const setSize = total ?? items.length

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      className={cn('relative', className)}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          role="presentation"
          data-index={row.index}
          ref={virtualizer.measureElement}
          className={cn(
            'absolute inset-x-0 top-0 grid',
            gap === 'none' ? '' : gap === 'list' || layout === 'list' ? 'gap-3 pb-4' : 'gap-4 pb-4',
            layout === 'grid' && 'sm:grid-cols-2 xl:grid-cols-3',
          )}
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {items.slice(row.index * columns, row.index * columns + columns).map((item, offset) => (
            <div
              key={getKey(item)}
              role="listitem"
              aria-posinset={row.index * columns + offset + 1}
              aria-setsize={setSize}
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}

import { useCallback, useMemo, useRef, useState } from 'react'

export interface RowSelection {
  has(id: string): boolean
  /** Adds or removes one row; `range`: every row from the last one toggled to this one, as it. */
  toggle(id: string, options?: { range?: boolean }): void
  set(ids: string[]): void
  clear(): void
  ids: string[]
}

/** The rows chosen for a bulk action, among `order` (the rows as shown, for ranges). */
export function useRowSelection(order: readonly string[]): RowSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const anchor = useRef<string | null>(null)
  const orderRef = useRef(order)
  orderRef.current = order

  const toggle = useCallback((id: string, { range = false } = {}) => {
    setChosen((current) => {
      const next = new Set(current)
      const on = !current.has(id)
      const rows = orderRef.current
      const from = anchor.current === null ? -1 : rows.indexOf(anchor.current)
      const to = rows.indexOf(id)
      const ids =
        range && from >= 0 && to >= 0
          ? rows.slice(Math.min(from, to), Math.max(from, to) + 1)
          : [id]
      for (const each of ids) {
        if (on) next.add(each)
        else next.delete(each)
      }
      return next
    })
    anchor.current = id
  }, [])

  return useMemo(
    () => ({
      has: (id: string) => chosen.has(id),
      toggle,
      set: (ids: string[]) => setChosen(new Set(ids)),
      clear: () => {
        anchor.current = null
        setChosen(new Set())
      },
      // In the table's order.
      ids: order.filter((id) => chosen.has(id)),
    }),
    [chosen, order, toggle],
  )
}

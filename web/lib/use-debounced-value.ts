import { useEffect, useState } from 'react'

/** What the user typed, once they pause: searches ask the server at most once per pause. */
export const SEARCH_DEBOUNCE_MS = 250

export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether the window matches the media `query` now, re-rendering when that changes; `otherwise`
 * where there is no `matchMedia` (server rendering, some test environments).
 */
export function useMediaQuery(query: string, otherwise = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const media = window.matchMedia(query)
      media.addEventListener('change', onChange)
      return () => media.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : otherwise),
    () => otherwise,
  )
}

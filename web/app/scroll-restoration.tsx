import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

const STORAGE_KEY = 'scroll-positions'

function readSaved(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}')
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {}
  } catch {
    return {}
  }
}

const positions = readSaved()

/**
 * What the data router's <ScrollRestoration> did: a new page starts at the top (or at its #hash),
 * back and forward return to where the page was scrolled, also after a reload. A change of the
 * address's search alone (a tab, a filter kept there) is the same page: it stays where it is.
 */
export function ScrollRestoration() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const { hash, pathname } = location
  const previousPathname = useRef<string | null>(null)
  // Entries the router did not make (the first page of a visit, and plain #hash links, which the
  // browser adds itself) all have the key "default": tell them apart by their address.
  const key =
    location.key === 'default'
      ? `default:${location.pathname}${location.search}${location.hash}`
      : location.key

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const save = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions))
      } catch {
        // Storage unavailable: positions are kept for this page view only.
      }
    }
    window.addEventListener('pagehide', save)
    return () => {
      window.removeEventListener('pagehide', save)
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  useEffect(() => {
    const onScroll = () => {
      positions[key] = window.scrollY
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [key])

  useLayoutEffect(() => {
    const samePage = previousPathname.current === pathname
    previousPathname.current = pathname
    const saved = positions[key]
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved)
      return
    }
    if (samePage && !hash) return
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [key, hash, pathname, navigationType])

  return null
}

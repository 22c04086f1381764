import { Search } from 'lucide-react'
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useReturnFocus } from '@/lib/focus'
import { isApplePlatform, searchShortcut } from '../lib/shortcut'
import { Kbd } from './kbd'

const loadPalette = () => import('./search-palette')
const SearchPalette = lazy(() =>
  loadPalette().then((module) => ({ default: module.SearchPalette })),
)
const preloadPalette = () => void loadPalette()

/**
 * The header's search: a box-like button (an icon on phones) and the Ctrl+K / ⌘K and `/`
 * shortcuts, which open the search palette. The palette (and cmdk) load on first use.
 */
export function SearchButton() {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const returnFocus = useReturnFocus()
  const apple = isApplePlatform()

  const show = () => {
    returnFocus.remember()
    setUsed(true)
    setOpen(true)
  }

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const shortcut = searchShortcut(event, '[data-search-palette]')
    if (!shortcut || (shortcut === 'open' && open)) return
    event.preventDefault()
    if (open) setOpen(false)
    else show()
  })
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <>
      <Button
        variant="outline"
        aria-label="Search"
        aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
        onPointerEnter={preloadPalette}
        onFocus={preloadPalette}
        className="size-10 border-transparent bg-transparent text-foreground sm:h-9 sm:w-48 sm:justify-start sm:border-input sm:bg-background sm:px-3 sm:font-normal sm:text-muted-foreground lg:w-64"
      >
        <Search aria-hidden="true" />
        <span className="hidden sm:inline">Search…</span>
        <Kbd aria-hidden="true" className="ml-auto hidden sm:inline-flex">
          {apple ? '⌘K' : 'Ctrl K'}
        </Kbd>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <SearchPalette
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  )
}

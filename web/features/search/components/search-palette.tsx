import { SEARCH_QUERY_MAX_LENGTH, type SearchResultDto } from '@shared/schemas/search'
import { useQuery } from '@tanstack/react-query'
import { CommandGroup, CommandInput, CommandItem, CommandList, CommandRoot } from 'cmdk'
import { AlertTriangle, Search, X } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { searchText } from '@/lib/queries/paged'
import { searchQueries } from '@/lib/queries/search'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'
import { useRecentItems, type RecentItem } from '../lib/recent-items'
import { Kbd } from './kbd'
import { RESULT_KINDS, SearchResultRow } from './search-result'

/** Shorter than the lists' pause: the palette is where people type fast and expect answers. */
const SEARCH_PALETTE_DEBOUNCE_MS = 150

const valueOf = (item: { type: string; id: string }) => `${item.type}:${item.id}`
const recentValueOf = (item: RecentItem) => `recent:${valueOf(item)}`

/** The server ranks across kinds; the palette shows them by kind, best first within each. */
function groupResults(items: readonly SearchResultDto[]) {
  return RESULT_KINDS.map((kind) => ({
    ...kind,
    items: items.filter((item) => item.type === kind.type),
  })).filter((group) => group.items.length > 0)
}

const itemClass =
  'flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 text-sm select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[selected=true]:shadow-[inset_2px_0_0_var(--ring)]'

interface SearchPaletteProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where the focus goes back to when it closes without opening anything. */
  onCloseAutoFocus: (event: Event) => void
}

/**
 * The command palette: one box that searches everything the user may open, results grouped by
 * kind, recently opened ones while the box is empty. Its own chunk, loaded on first use.
 */
export function SearchPalette({ open, onOpenChange, onCloseAutoFocus }: SearchPaletteProps) {
  const navigate = useNavigate()
  const recent = useRecentItems()
  const navigated = useRef(false)

  const choose = (item: RecentItem) => {
    recent.remember(item)
    navigated.current = true
    onOpenChange(false)
    void navigate(item.url)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-search-palette=""
        showCloseButton={false}
        onCloseAutoFocus={(event) => {
          if (!navigated.current) {
            onCloseAutoFocus(event)
            return
          }
          // The page it was opened from is going: start the keyboard at the new page's content.
          navigated.current = false
          event.preventDefault()
          document.getElementById('main-content')?.focus({ preventScroll: true })
        }}
        className="top-4 flex max-h-[calc(100svh-2rem)] translate-y-0 flex-col gap-0 overflow-hidden p-0 sm:top-[12svh] sm:max-h-[76svh] sm:max-w-xl"
      >
        <DialogTitle className="sr-only">Search</DialogTitle>
        <DialogDescription className="sr-only">
          Find requests, files, comments, audits, projects and clients. Use the arrow keys to move
          through the results and Enter to open one.
        </DialogDescription>
        <PaletteBody recent={recent} onChoose={choose} />
      </DialogContent>
    </Dialog>
  )
}

function PaletteBody({
  recent,
  onChoose,
}: {
  recent: ReturnType<typeof useRecentItems>
  onChoose: (item: RecentItem) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const typed = searchText(text)
  const q = searchText(useDebouncedValue(text, SEARCH_PALETTE_DEBOUNCE_MS))
  const search = useQuery({ ...searchQueries.results(q ?? ''), enabled: q !== undefined })

  const searching = typed !== undefined
  const answer = searching ? search.data : undefined
  const groups = useMemo(() => groupResults(answer?.items ?? []), [answer])
  const pending = searching && (typed !== q || search.isFetching)
  const failed = searching && typed === q && search.isError

  // Each new list starts on its first line (cmdk would keep a line that is still there).
  const shown = searching ? answer : recent.items
  const first = searching
    ? groups[0]?.items[0] && valueOf(groups[0].items[0])
    : recent.items[0] && recentValueOf(recent.items[0])
  const [selected, setSelected] = useState(first ?? '')
  const [selectedIn, setSelectedIn] = useState(shown)
  if (selectedIn !== shown) {
    setSelectedIn(shown)
    setSelected(first ?? '')
  }

  const canClear = !searching && recent.items.length > 0
  const nothingFound = searching && !failed && answer?.items.length === 0
  // How many were found, told once the answer for what is typed is there.
  const found = searching && !failed && !pending ? answer?.items.length : undefined

  return (
    <CommandRoot
      label="Search"
      shouldFilter={false}
      vimBindings={false}
      loop
      value={selected}
      onValueChange={setSelected}
      className="flex min-h-0 flex-1 flex-col [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
    >
      <div className="flex shrink-0 items-center gap-2 border-b px-3 focus-within:border-ring focus-within:shadow-[inset_0_-1px_0_var(--ring)]">
        <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <CommandInput
          ref={input}
          value={text}
          onValueChange={setText}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="Search requests, files, audits…"
          className="h-12 min-w-0 flex-1 bg-transparent text-base text-foreground outline-none placeholder:text-muted-foreground sm:text-sm"
        />
        <span className="flex size-5 shrink-0 items-center justify-center">
          {pending ? <Spinner label="Searching..." className="[&_svg]:size-4" /> : null}
        </span>
        <DialogClose asChild>
          <Button variant="ghost" size="icon-sm" aria-label="Close" className="-mr-1">
            <X aria-hidden="true" className="sm:hidden" />
            <Kbd aria-hidden="true" className="hidden sm:inline-flex">
              Esc
            </Kbd>
          </Button>
        </DialogClose>
      </div>

      <div className="min-h-40 flex-1 overflow-y-auto overscroll-contain p-2 sm:max-h-[26rem]">
        <CommandList label={searching ? 'Search results' : 'Recent'}>
          {searching
            ? failed
              ? null
              : groups.map((group) => (
                  <CommandGroup key={group.type} heading={group.heading}>
                    {group.items.map((item) => (
                      <CommandItem
                        key={valueOf(item)}
                        value={valueOf(item)}
                        onSelect={() => onChoose(item)}
                        className={itemClass}
                      >
                        <SearchResultRow
                          type={item.type}
                          title={item.title}
                          context={item.context}
                          snippet={{ text: item.snippet, highlights: item.highlights }}
                        />
                      </CommandItem>
                    ))}
                  </CommandGroup>
                ))
            : recent.items.length > 0 && (
                <CommandGroup heading="Recent">
                  {recent.items.map((item) => (
                    <CommandItem
                      key={recentValueOf(item)}
                      value={recentValueOf(item)}
                      onSelect={() => onChoose(item)}
                      className={itemClass}
                    >
                      <SearchResultRow type={item.type} title={item.title} context={item.context} />
                    </CommandItem>
                  ))}
                </CommandGroup>
              )}
        </CommandList>

        {failed ? (
          <div role="alert" className="flex flex-col items-center gap-2 px-3 py-6 text-center">
            <AlertTriangle aria-hidden="true" className="size-5 text-destructive" />
            <p className="text-sm font-medium">Search failed</p>
            <p className="text-sm text-muted-foreground">
              {errorMessage(search.error, 'Check your connection and try again.')}
            </p>
            <PendingButton
              variant="outline"
              size="sm"
              pending={search.isFetching}
              pendingLabel="Retrying..."
              onClick={() => void search.refetch()}
            >
              Try again
            </PendingButton>
          </div>
        ) : null}
        {/* Always there, so that what it comes to say is read out. */}
        <div role="status">
          {nothingFound ? (
            <div className="px-3 py-8 text-center text-sm">
              <p className="font-medium break-words">No results for “{answer?.q}”</p>
              <p className="mt-1 text-muted-foreground">Check the spelling or try another word.</p>
            </div>
          ) : found ? (
            <span className="sr-only">{`${found} ${found === 1 ? 'result' : 'results'}`}</span>
          ) : !searching && recent.items.length === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">
              Type a word to search everything you can open: requests, files, comments and more.
            </p>
          ) : null}
        </div>
      </div>

      <div
        className={cn(
          'shrink-0 items-center gap-4 border-t px-3 py-2 text-xs text-muted-foreground',
          canClear ? 'flex' : 'hidden sm:flex',
        )}
      >
        <span className="hidden items-center gap-1 sm:flex">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> to move
        </span>
        <span className="hidden items-center gap-1 sm:flex">
          <Kbd>Enter</Kbd> to open
        </span>
        <span className="hidden items-center gap-1 sm:flex">
          <Kbd>Esc</Kbd> to close
        </span>
        {canClear ? (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto h-7 px-2 text-xs"
            onClick={() => {
              recent.clear()
              input.current?.focus()
            }}
          >
            Clear recent
          </Button>
        ) : null}
      </div>
    </CommandRoot>
  )
}

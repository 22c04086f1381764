import { Check, ChevronsUpDown } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import type { FieldControlProps } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

export interface ComboboxOption {
  /** null: the "none" choice (a field left empty). */
  value: string | null
  label: string
}

interface ComboboxProps {
  control: FieldControlProps
  /** The chosen value and what it is called (shown even when no result holds it). */
  value: string | null
  valueLabel: string | undefined
  onChange: (option: ComboboxOption) => void
  onBlur?: () => void
  /** What is typed; the caller searches with it (on the server, debounced). */
  search: string
  onSearch: (text: string) => void
  /** The results of the search; undefined while the first ones load. */
  options: readonly ComboboxOption[] | undefined
  /** Results are on their way (a newer search); the old ones stay meanwhile. */
  searching?: boolean
  /** More match than are shown: typing more narrows them (and `onLoadMore` reads them). */
  more?: boolean
  /**
   * Reads the next page of results (a paged search): from the "Load more" button at the end of
   * the list, by scrolling to it, or by moving down past the last result.
   */
  onLoadMore?: () => void
  /** The next page is on its way. */
  loadingMore?: boolean
  /** Why the next page could not be read; "Try again" reads it again. */
  loadMoreError?: string
  /** Why the results could not be read; with `onRetry`, "Try again" asks again. */
  error?: string
  onRetry?: () => void
  placeholder: string
  /** Said when the search matches nothing. */
  noResults?: (search: string) => ReactNode
  disabled?: boolean
  inputRef?: (element: HTMLInputElement | null) => void
}

/**
 * A select that searches as one types (ARIA combobox with a listbox): the input keeps focus,
 * Arrow keys move through the results (aria-activedescendant), Enter chooses, Escape closes (and,
 * closed, clears the search). A paged search reads its next page at the end of the list; a failed
 * read says so with "Try again".
 */
export function Combobox({
  control,
  value,
  valueLabel,
  onChange,
  onBlur,
  search,
  onSearch,
  options,
  searching = false,
  more = false,
  onLoadMore,
  loadingMore = false,
  loadMoreError,
  error,
  onRetry,
  placeholder,
  noResults = (text) => `No results for “${text}”`,
  disabled,
  inputRef,
}: ComboboxProps) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  // Moving down past the last result reads the next page, then goes on to its first result.
  const [advanceTo, setAdvanceTo] = useState<number | null>(null)
  const results = options ?? []
  const optionId = (index: number) => `${listId}-option-${index}`
  const canLoadMore = open && more && onLoadMore !== undefined && !loadingMore && !loadMoreError

  if (advanceTo !== null && results.length > advanceTo) {
    setActive(advanceTo)
    setAdvanceTo(null)
  }

  // The active result stays in view as the arrows move through a list longer than the popover.
  useEffect(() => {
    if (open)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [open, active, listId])

  const choose = (option: ComboboxOption) => {
    onChange(option)
    onSearch('')
    setOpen(false)
  }

  const show = (index = 0) => {
    setOpen(true)
    setActive(index)
    setAdvanceTo(null)
  }

  const loadMore = () => {
    if (canLoadMore) onLoadMore?.()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) show(0)
        else if (active < last) setActive(active + 1)
        // Past the last result: the next page (or the failed read, again).
        else if (error) onRetry?.()
        else if (more && onLoadMore && !loadingMore) {
          setAdvanceTo(results.length)
          onLoadMore()
        }
        break
      case 'ArrowUp':
        event.preventDefault()
        if (!open) show(last)
        else setActive((index) => Math.max(index - 1, 0))
        break
      case 'Home':
      case 'End':
        if (!open) break
        event.preventDefault()
        setActive(event.key === 'Home' ? 0 : last)
        break
      case 'Enter': {
        const option = open ? results[active] : undefined
        if (!option) break
        event.preventDefault()
        choose(option)
        break
      }
      case 'Escape':
        if (!open && search) {
          event.preventDefault()
          onSearch('')
        }
        break
    }
  }

  return (
    <Popover.Root open={open && !disabled} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className="relative">
          <input
            {...control}
            ref={inputRef}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && results[active] ? optionId(active) : undefined}
            autoComplete="off"
            disabled={disabled}
            placeholder={valueLabel ?? placeholder}
            value={open || search ? search : (valueLabel ?? '')}
            onChange={(event) => {
              onSearch(event.target.value)
              show(0)
            }}
            onClick={() => (open ? undefined : show(0))}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
            className={cn(
              'flex h-10 w-full min-w-0 rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm',
              open && valueLabel && 'placeholder:text-foreground/70',
            )}
          />
          <ChevronsUpDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          // The input keeps focus: typing goes on while the results show.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (
              event.target instanceof Node &&
              document.getElementById(control.id)?.contains(event.target)
            )
              event.preventDefault()
          }}
          // Scrolling to the end of the results reads the next page.
          onScroll={(event) => {
            const { scrollTop, clientHeight, scrollHeight } = event.currentTarget
            if (scrollTop + clientHeight >= scrollHeight - 48) loadMore()
          }}
          className="z-50 max-h-72 w-[var(--radix-popover-trigger-width)] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <ul id={listId} role="listbox" aria-label="Results" aria-busy={searching}>
            {results.map((option, index) => (
              <li
                key={option.value ?? ''}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                data-active={index === active || undefined}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(option)}
                className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
              >
                <Check
                  aria-hidden="true"
                  className={cn('size-4 shrink-0', option.value !== value && 'invisible')}
                />
                <span className="truncate">{option.label}</span>
              </li>
            ))}
          </ul>
          {error ? (
            <Retry message={error} onRetry={onRetry} />
          ) : options === undefined ? (
            <Spinner label="Searching..." showLabel className="px-2 py-1.5" />
          ) : results.length === 0 || (results.length === 1 && results[0]?.value === null) ? (
            <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
              {search.trim() ? noResults(search.trim()) : 'Nothing to choose yet'}
            </p>
          ) : !more ? null : onLoadMore === undefined ? (
            <p className="px-2 py-1.5 text-xs text-muted-foreground">
              Type to find more than these.
            </p>
          ) : loadingMore ? (
            <Spinner label="Loading more..." showLabel className="px-2 py-1.5" />
          ) : loadMoreError ? (
            <Retry message={loadMoreError} onRetry={onLoadMore} />
          ) : (
            <Button
              variant="ghost"
              size="sm"
              tabIndex={-1}
              className="w-full"
              onMouseDown={(event) => event.preventDefault()}
              onClick={loadMore}
            >
              Load more
            </Button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

/**
 * A read that failed, at the end of the list: what happened, and "Try again" for the mouse; the
 * input keeps the focus, where moving down past the last result (or another search) asks again.
 */
function Retry({ message, onRetry }: { message: string; onRetry: (() => void) | undefined }) {
  return (
    <div className="grid gap-1 px-2 py-1.5">
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      {onRetry ? (
        <Button
          variant="outline"
          size="sm"
          tabIndex={-1}
          className="w-fit"
          onMouseDown={(event) => event.preventDefault()}
          onClick={onRetry}
        >
          Try again
        </Button>
      ) : null}
    </div>
  )
}

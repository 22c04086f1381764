import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

export interface TabItem {
  value: string
  label: string
  panel: ReactNode
}

/**
 * The WAI-ARIA tabs pattern (automatic activation; Left/Right wrap, Home/End), written out here
 * rather than taken from Radix: Radix Tabs and its roving-focus and collection helpers add about
 * 10 KB gzip to the landing page's initial JS, most of the page's budget.
 */
export function FeatureTabs({ label, items }: { label: string; items: TabItem[] }) {
  const [active, setActive] = useState(items[0]?.value)
  const id = useId()
  const tabs = useRef<(HTMLButtonElement | null)[]>([])

  const select = (index: number) => {
    const item = items[index]
    if (!item) return
    setActive(item.value)
    tabs.current[index]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-3 lg:flex lg:w-fit"
      >
        {items.map((item, index) => {
          const selected = item.value === active
          return (
            <button
              key={item.value}
              ref={(element) => {
                tabs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'min-h-9 cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground lg:whitespace-nowrap',
                selected && 'bg-background text-foreground shadow-sm',
              )}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`${id}-panel-${item.value}`}
          aria-labelledby={`${id}-tab-${item.value}`}
          tabIndex={0}
          hidden={item.value !== active}
          className="mt-6 rounded-xl"
        >
          {item.panel}
        </div>
      ))}
    </div>
  )
}

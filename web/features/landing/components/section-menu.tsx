import type { RefObject } from 'react'
import { useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet'

/**
 * The landing header's section links (and sign-up, sign-in) in a sheet, for screens too narrow
 * for them in the header. Its code (Radix's focus trap and scroll lock) loads on first use.
 */
export function SectionMenu({
  id,
  links,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  id: string
  links: readonly { href: string; label: string }[]
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  const navigate = useNavigate()
  // The section chosen; followed once the sheet has closed and unlocked scrolling.
  const chosenRef = useRef<string | null>(null)

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={id}
        side="right"
        aria-describedby={undefined}
        className="w-72 max-w-[85vw] gap-6 p-4 pt-14"
        onCloseAutoFocus={(event) => {
          // The button lives outside Radix (this code loads on first use): focus is ours to move.
          event.preventDefault()
          const href = chosenRef.current
          chosenRef.current = null
          if (!href) {
            returnFocusTo.current?.focus()
            return
          }
          // A navigation (not a bare hash change) has the router's scroll restoration bring the
          // section into view, also when the URL already names it; focus goes to the section.
          navigate({ hash: href })
          document.getElementById(href.slice(1))?.focus({ preventScroll: true })
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <nav aria-label="Sections">
          <ul className="flex flex-col gap-1">
            {links.map(({ href, label }) => (
              <li key={href}>
                <a
                  href={href}
                  className="flex h-11 items-center rounded-md px-3 text-base font-medium hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
                  onClick={(event) => {
                    event.preventDefault()
                    chosenRef.current = href
                    onOpenChange(false)
                  }}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-2 border-t pt-6">
          <Button asChild>
            <Link to="/register">Start free trial</Link>
          </Button>
          <Button variant="outline" asChild className="text-foreground">
            <Link to="/login">Login</Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  )
}

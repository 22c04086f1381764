import { Menu } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Brand } from '@/components/brand'
import { Button } from '@/components/ui/button'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import { SUPPORT_EMAIL } from '@/lib/site'
import { Container } from './section'

const sectionLinks = [
  { href: '#features', label: 'Features' },
  { href: '#industries', label: 'Industries' },
  { href: '#customers', label: 'Customers' },
  { href: '#consultants', label: 'Consultants' },
]

// The sheet (and Radix's focus trap and scroll lock) loads on first use, not with the page.
const loadSectionMenu = () => import('./section-menu')
const SectionMenu = lazy(() => loadSectionMenu().then((m) => ({ default: m.SectionMenu })))
const preloadSectionMenu = () => {
  loadSectionMenu().catch(() => undefined)
}

/** Below `lg`, where the header has no room for the section links: a button opening them. */
function SectionMenuButton() {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="size-9 text-foreground lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        // The sheet exists only while open.
        aria-controls={open ? menuId : undefined}
        onPointerEnter={preloadSectionMenu}
        onFocus={preloadSectionMenu}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <Menu aria-hidden="true" />
        <span className="sr-only">Menu</span>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <SectionMenu
            id={menuId}
            links={sectionLinks}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  )
}

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <Container className="flex h-16 items-center justify-between gap-2">
        <Link to="/" className="rounded-md">
          <Brand />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-1 lg:flex">
          {sectionLinks.map(({ href, label }) => (
            <a
              key={href}
              href={href}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
            >
              {label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <nav aria-label="Account" className="flex items-center gap-1">
            <Button variant="ghost" size="sm" asChild className="text-foreground">
              <a href={`mailto:${SUPPORT_EMAIL}`}>Support</a>
            </Button>
            <Button variant="ghost" size="sm" asChild className="text-foreground">
              <Link to="/login">Login</Link>
            </Button>
            <Button size="sm" asChild className="ml-1 hidden sm:inline-flex">
              <Link to="/register">Start free trial</Link>
            </Button>
            <ThemeToggle className="size-9" />
          </nav>
          <SectionMenuButton />
        </div>
      </Container>
    </header>
  )
}

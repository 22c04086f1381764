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
      </Container>
    </header>
  )
}

import { ArrowRight, ClipboardCheck, FolderKanban, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Brand } from '@/components/brand'
import { Button } from '@/components/ui/button'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import { APP_NAME, SUPPORT_EMAIL } from '@/lib/site'
import { useDocumentTitle } from '@/lib/use-document-title'

const highlights = [
  {
    icon: FolderKanban,
    title: 'Clients and projects',
    text: 'Every engagement in one place, per client.',
  },
  {
    icon: ClipboardCheck,
    title: 'Checklist templates',
    text: 'Run audits from reusable, ordered checklists.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure collaboration',
    text: 'Request documents and answers from clients.',
  },
]

// Placeholder landing page; a later issue designs the full page (spec §2).
export function LandingPage() {
  useDocumentTitle()
  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <Link to="/" className="rounded-md">
            <Brand />
          </Link>
          <nav aria-label="Primary" className="flex items-center gap-1 sm:gap-2">
            <Button variant="ghost" asChild className="text-foreground">
              <a href={`mailto:${SUPPORT_EMAIL}`}>Support</a>
            </Button>
            <Button variant="ghost" asChild className="text-foreground">
              <Link to="/login">Login</Link>
            </Button>
            <ThemeToggle />
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Audit management for audit firms and their clients
          </h1>
          <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
            {APP_NAME} helps audit firms and compliance teams run audits, automate requests and
            collaborate securely with clients.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button size="lg" asChild>
              <Link to="/register">
                Start free trial
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <a
                href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`${APP_NAME} demo request`)}`}
              >
                Schedule a demo
              </a>
            </Button>
          </div>
        </section>

        <section aria-labelledby="highlights-heading" className="border-t bg-muted/40">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="highlights-heading" className="sr-only">
              What you can do
            </h2>
            <ul className="grid gap-6 sm:grid-cols-3">
              {highlights.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-lg border bg-card p-5">
                  <Icon aria-hidden="true" className="mb-3 size-5 text-primary" />
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {APP_NAME}
          </p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="rounded-sm hover:text-foreground hover:underline"
          >
            {SUPPORT_EMAIL}
          </a>
        </div>
      </footer>
    </div>
  )
}

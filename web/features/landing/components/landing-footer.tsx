import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Brand } from '@/components/brand'
import { APP_NAME, SUPPORT_EMAIL } from '@/lib/site'
import { Container } from './section'

const linkClass = 'rounded-sm text-muted-foreground transition-colors hover:text-foreground'

const productLinks = [
  { href: '#features', label: 'Features' },
  { href: '#industries', label: 'Industries' },
  { href: '#customers', label: 'Customer story' },
  { href: '#consultants', label: 'Consultants' },
]

export function LandingFooter() {
  return (
    <footer className="border-t">
      <Container className="py-12">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="max-w-xs">
            <Brand />
            <p className="mt-3 text-sm text-muted-foreground">
              Audit management for audit firms and their clients.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            <FooterColumn title="Product">
              {productLinks.map(({ href, label }) => (
                <li key={href}>
                  <a href={href} className={linkClass}>
                    {label}
                  </a>
                </li>
              ))}
            </FooterColumn>
            <FooterColumn title="Account">
              <li>
                <Link to="/login" className={linkClass}>
                  Log in
                </Link>
              </li>
              <li>
                <Link to="/register" className={linkClass}>
                  Start free trial
                </Link>
              </li>
            </FooterColumn>
            <FooterColumn title="Support" className="col-span-2 sm:col-span-1">
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} break-all`}>
                  {SUPPORT_EMAIL}
                </a>
              </li>
            </FooterColumn>
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t pt-6 text-xs text-muted-foreground sm:flex-row sm:justify-between">
          <p>
            © {new Date().getFullYear()} {APP_NAME}
          </p>
          <p>Firm names, people and figures on this page are illustrative.</p>
        </div>
      </Container>
    </footer>
  )
}

function FooterColumn({
  title,
  className,
  children,
}: {
  title: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <p className="text-sm font-semibold">{title}</p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">{children}</ul>
    </div>
  )
}

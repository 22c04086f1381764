import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Brand } from '@/components/brand'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import { useDocumentTitle } from '@/lib/use-document-title'
import { cn } from '@/lib/utils'

interface AuthLayoutProps {
  /** The page's <h1>, also used for document.title unless `documentTitle` is given. */
  title: string
  documentTitle?: string
  description?: ReactNode
  icon?: ReactNode
  footer?: ReactNode
  /** Top-left link; the spec gives login and register a back-to-home button. */
  back?: { to: string; label: string }
  width?: 'default' | 'wide'
  children?: ReactNode
}

export function AuthLayout({
  title,
  documentTitle,
  description,
  icon,
  footer,
  back = { to: '/', label: 'Back to home' },
  width = 'default',
  children,
}: AuthLayoutProps) {
  useDocumentTitle(documentTitle ?? title)
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <header className="flex items-center justify-between gap-2 px-3 py-3 sm:px-6">
        <Button variant="ghost" asChild className="-ml-1 text-foreground">
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 justify-center px-4 pt-2 pb-12 sm:items-center sm:pt-0">
        <div className={cn('w-full', width === 'wide' ? 'max-w-2xl' : 'max-w-md')}>
          <Link to="/" className="mb-6 flex justify-center rounded-md">
            <Brand className="text-lg" />
          </Link>
          <Card className="shadow-sm">
            <CardHeader className="items-center text-center">
              {icon}
              <CardTitle asChild>
                <h1 className="text-2xl tracking-tight">{title}</h1>
              </CardTitle>
              {description ? (
                <CardDescription className="text-balance">{description}</CardDescription>
              ) : null}
            </CardHeader>
            {children ? <CardContent>{children}</CardContent> : null}
            {footer ? (
              <CardFooter className="justify-center text-center text-sm text-muted-foreground">
                {footer}
              </CardFooter>
            ) : null}
          </Card>
        </div>
      </main>
    </div>
  )
}

export function TextLink({
  to,
  children,
  className,
}: {
  to: string
  children: ReactNode
  className?: string
}) {
  return (
    <Link
      to={to}
      className={cn(
        'rounded-sm font-medium text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      {children}
    </Link>
  )
}

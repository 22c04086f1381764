import { ArrowRight, Check } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { APP_NAME } from '@/lib/site'
import { EngagementPreview } from './engagement-preview'
import { ScheduleDemoButton } from './schedule-demo-button'
import { Container } from './section'

const assurances = ['No credit card needed', 'Your data stays in your firm’s workspace']

export function HeroSection() {
  return (
    <div className="border-b bg-gradient-to-b from-muted/70 to-background">
      <Container className="grid grid-cols-1 items-center gap-12 py-16 sm:py-20 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div>
          <p className="inline-flex rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            Audit management for audit firms and their clients
          </p>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            From PBC request to partner <span className="whitespace-nowrap">sign-off</span>, every
            audit in one place
          </h1>
          <p className="mt-6 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
            {APP_NAME} gives your team one workspace for engagements, checklists, evidence and
            review, and gives your clients a simple portal to answer requests and upload documents.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" asChild>
              <Link to="/register">
                Start free trial
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <ScheduleDemoButton size="lg" variant="outline" />
          </div>
          <ul className="mt-6 flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:gap-6">
            {assurances.map((text) => (
              <li key={text} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <EngagementPreview />
      </Container>
    </div>
  )
}

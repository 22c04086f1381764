import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { APP_NAME } from '@/lib/site'
import { ScheduleDemoButton } from './schedule-demo-button'
import { Container, Section } from './section'

export function ClosingCta() {
  return (
    <Section id="get-started">
      <Container className="pb-16 sm:pb-24">
        <div className="flex flex-col items-center rounded-xl border bg-muted/50 px-6 py-12 text-center sm:px-12 sm:py-16">
          <h2
            id="get-started-heading"
            className="max-w-2xl text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
          >
            Run your next audit in {APP_NAME}
          </h2>
          <p className="mt-4 max-w-xl text-pretty text-muted-foreground sm:text-lg">
            Set up your firm, build your first checklist template and invite your team this
            afternoon.
          </p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button size="lg" asChild>
              <Link to="/register">
                Start free trial
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <ScheduleDemoButton size="lg" variant="outline" />
          </div>
        </div>
      </Container>
    </Section>
  )
}

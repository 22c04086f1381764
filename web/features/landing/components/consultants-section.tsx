import { Mail } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { APP_NAME, SUPPORT_EMAIL } from '@/lib/site'
import { Container, Section, SectionIntro } from './section'

const steps = [
  {
    title: 'Map your methodology',
    text: 'We read your current PBC lists and workpaper index and agree how they become templates and categories.',
  },
  {
    title: 'Build your first templates',
    text: 'Together we set up the checklists for your most common engagements, item by item, in your order.',
  },
  {
    title: 'Run a pilot engagement',
    text: 'We support your team and one client through a live audit, then adjust the templates before you roll out.',
  },
]

const consultantMailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`${APP_NAME} onboarding consultant`)}`

export function ConsultantsSection() {
  return (
    <Section id="consultants" className="border-y bg-muted/40">
      <Container className="grid grid-cols-1 gap-10 py-16 sm:py-24 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16">
        <div>
          <SectionIntro
            id="consultants"
            eyebrow="Consultants"
            title="Onboarding led by people who have done fieldwork"
          >
            Our consultants are former auditors. They help you bring your own methodology into{' '}
            {APP_NAME}, so your first engagement runs the way your firm already works.
          </SectionIntro>
          <Button variant="outline" asChild className="mt-8">
            <a href={consultantMailto}>
              <Mail aria-hidden="true" />
              Talk to a consultant
            </a>
          </Button>
        </div>
        <ol className="flex flex-col gap-4">
          {steps.map(({ title, text }, index) => (
            <li key={title} className="flex gap-4 rounded-lg border bg-card p-5">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground tabular-nums">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-pretty text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </Section>
  )
}

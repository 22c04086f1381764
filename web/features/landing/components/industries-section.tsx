import {
  Building2,
  Cpu,
  Factory,
  GraduationCap,
  HeartPulse,
  Landmark,
  Scale,
  ShieldCheck,
} from 'lucide-react'
import { Container, Section, SectionIntro } from './section'

const industries = [
  {
    name: 'Financial services',
    icon: Landmark,
    text: 'Internal control testing, loan file reviews and regulatory returns, with evidence kept per control.',
  },
  {
    name: 'Healthcare',
    icon: HeartPulse,
    text: 'Billing, privacy and clinical compliance reviews, with sensitive files kept to the engagement team.',
  },
  {
    name: 'Technology',
    icon: Cpu,
    text: 'SOC 2 readiness and IT general controls, with change tickets and access reviews on each item.',
  },
  {
    name: 'Legal services',
    icon: Scale,
    text: 'Client account and trust account reviews that leave a clear trail for the regulator.',
  },
  {
    name: 'Real estate',
    icon: Building2,
    text: 'Service charge audits and rent roll testing across portfolios of property entities.',
  },
  {
    name: 'Insurance',
    icon: ShieldCheck,
    text: 'Claims file sampling and reserve reviews run from the same checklist every year.',
  },
  {
    name: 'Education',
    icon: GraduationCap,
    text: 'Grant compliance, student aid and endowment audits for schools, colleges and universities.',
  },
  {
    name: 'Manufacturing',
    icon: Factory,
    text: 'Inventory counts, cost accounting and supplier certifications, from stock take to report.',
  },
]

export function IndustriesSection() {
  return (
    <Section id="industries">
      <Container className="py-16 sm:py-24">
        <SectionIntro
          id="industries"
          eyebrow="Industries"
          title="Built for the audits your clients need"
        >
          Templates and checklists adapt to the rules each sector answers to, so one workspace
          serves your whole client list.
        </SectionIntro>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {industries.map(({ name, icon: Icon, text }) => (
            <li
              key={name}
              className="flex gap-4 rounded-lg border bg-card p-5 sm:flex-col sm:gap-0"
            >
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="sm:mt-4">
                <h3 className="font-semibold">{name}</h3>
                <p className="mt-1.5 text-sm text-pretty text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  )
}

import { Check } from 'lucide-react'
import type { ComponentType } from 'react'
import {
  CaseIllustration,
  ClientIllustration,
  CollaborationIllustration,
  DocumentIllustration,
  ReportingIllustration,
  WorkflowIllustration,
} from './feature-illustrations'
import { FeatureTabs } from './feature-tabs'
import { Container, Section, SectionIntro } from './section'

interface Feature {
  id: string
  label: string
  title: string
  description: string
  points: string[]
  Illustration: ComponentType
}

const features: Feature[] = [
  {
    id: 'case-management',
    label: 'Case management',
    title: 'Every client, engagement and audit in one structure',
    description:
      'Clients, the projects you run for them and the audits inside each project, with status and due dates on every record. Partners see where each engagement stands without asking.',
    points: [
      'Clients, projects and audits linked end to end',
      'Active, on-hold and completed work kept apart',
      'Any client or engagement found by name',
    ],
    Illustration: CaseIllustration,
  },
  {
    id: 'automated-workflows',
    label: 'Automated workflows',
    title: 'Checklists that set up the work before fieldwork starts',
    description:
      'Build a checklist template once, in the order your methodology follows, and start every similar audit from it. Each item says whether the client owes a document, a written answer or both.',
    points: [
      'Reusable templates grouped by category',
      'Items that require a document or a response',
      'The same order for every team',
    ],
    Illustration: WorkflowIllustration,
  },
  {
    id: 'reporting-and-analytics',
    label: 'Reporting and analytics',
    title: 'See what is outstanding before it is late',
    description:
      'One dashboard counts clients, active projects, audits in progress and completed checklist items across the firm, so managers plan the week from numbers, not status e-mails.',
    points: [
      'Firm-wide counts on one screen',
      'Due dates on every audit',
      'Progress you can show a partner',
    ],
    Illustration: ReportingIllustration,
  },
  {
    id: 'document-management',
    label: 'Document management',
    title: 'Evidence filed against the request it answers',
    description:
      'Every file a client provides sits against the checklist item that asked for it. Reviewers open evidence in context instead of searching shared drives and inboxes.',
    points: [
      'Evidence linked to its PBC request',
      'Every file of an engagement in one place',
      'Visible only to your firm and that client',
    ],
    Illustration: DocumentIllustration,
  },
  {
    id: 'team-collaboration',
    label: 'Team collaboration',
    title: 'Preparers, reviewers and partners on the same file',
    description:
      'Staff work through the checklist, reviewers leave notes where the work is, and partners sign off knowing what was done and by whom.',
    points: [
      'Roles for firm staff and client users',
      'Review notes kept with the item',
      'A clear preparer, reviewer and partner trail',
    ],
    Illustration: CollaborationIllustration,
  },
  {
    id: 'client-communications',
    label: 'Client communications',
    title: 'A client portal that needs no training',
    description:
      'Client staff arrive from an e-mail link, see only what is asked of them and answer or upload in one place. Fewer reminders for you, no guesswork for them.',
    points: [
      'One current request list per client',
      'Works on a phone as well as a laptop',
      'Verified e-mail sign-in for every user',
    ],
    Illustration: ClientIllustration,
  },
]

export function FeaturesSection() {
  return (
    <Section id="features">
      <Container className="py-16 sm:py-24">
        <SectionIntro id="features" eyebrow="Features" title="Everything an engagement needs">
          Six parts of one workspace, built around how audit teams plan, request, review and sign
          off.
        </SectionIntro>
        <div className="mt-10">
          <FeatureTabs
            label="Feature areas"
            items={features.map((feature) => ({
              value: feature.id,
              label: feature.label,
              panel: <FeaturePanel feature={feature} />,
            }))}
          />
        </div>
      </Container>
    </Section>
  )
}

function FeaturePanel({ feature }: { feature: Feature }) {
  const { title, description, points, Illustration } = feature
  return (
    <div className="grid grid-cols-1 gap-8 rounded-xl border bg-card p-5 sm:p-8 lg:grid-cols-2 lg:items-center lg:gap-12">
      <div>
        <h3 className="text-xl font-semibold tracking-tight text-balance">{title}</h3>
        <p className="mt-3 text-pretty text-muted-foreground">{description}</p>
        <ul className="mt-5 flex flex-col gap-2.5 text-sm">
          {points.map((point) => (
            <li key={point} className="flex gap-2.5">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-lg bg-muted/60 p-3 sm:p-6">
        <Illustration />
      </div>
    </div>
  )
}

import { Initials } from './mock-ui'
import { Container, Section, SectionIntro } from './section'

const results = [
  { value: '60', label: 'year-end engagements run from nine templates' },
  { value: '2 weeks', label: 'off the fieldwork calendar in the first season' },
  { value: '1', label: 'request list per client, always current' },
]

export function CustomerStory() {
  return (
    <Section id="customers" className="border-y bg-muted/40">
      <Container className="py-16 sm:py-24">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionIntro
              id="customers"
              eyebrow="Customer story"
              title="How Harrow & Lyle moved busy season out of spreadsheets"
            />
            <div className="mt-6 flex flex-col gap-4 text-pretty text-muted-foreground">
              <p>
                Harrow & Lyle is a 40-person audit firm serving manufacturers and not-for-profits.
                Each busy season its seniors kept their own PBC spreadsheets and chased clients by
                e-mail.
              </p>
              <p>
                The firm moved its request lists into nine checklist templates. Clients now see one
                list of what is outstanding, and reviewers start as soon as evidence arrives.
              </p>
            </div>
          </div>
          <figure className="self-center rounded-xl border bg-card p-6 sm:p-8">
            <blockquote className="text-lg font-medium text-pretty sm:text-xl">
              <p>
                “Our clients stopped asking which version of the list was current. There is only
                one, and they can see exactly what is still open.”
              </p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <Initials name="DW" tone="primary" className="size-10 text-sm" />
              <span className="text-sm">
                <span className="block font-semibold">Dana Whitfield</span>
                <span className="block text-muted-foreground">
                  Audit Partner, Harrow & Lyle LLP
                </span>
              </span>
            </figcaption>
          </figure>
        </div>
        <dl className="mt-12 grid gap-6 border-t pt-10 sm:grid-cols-3">
          {results.map(({ value, label }) => (
            <div key={label} className="flex flex-col gap-1">
              <dt className="order-2 text-sm text-muted-foreground">{label}</dt>
              <dd className="order-1 text-3xl font-semibold tracking-tight tabular-nums">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </Section>
  )
}

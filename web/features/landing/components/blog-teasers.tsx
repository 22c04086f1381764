import { Container, Section, SectionIntro } from './section'

const articles = [
  {
    title: 'Writing PBC requests clients can answer the first time',
    date: '2026-11-04',
    shownDate: '4 November 2026',
    minutes: 6,
    summary:
      'Vague requests come back incomplete. How to word each item with the period, the format and the reason you need it.',
  },
  {
    title: 'Evidence that still makes sense at review',
    date: '2026-10-21',
    shownDate: '21 October 2026',
    minutes: 8,
    summary:
      'Naming, versions and links to the item a file supports, so a reviewer can follow the trail months later.',
  },
  {
    title: 'Sign-off without the e-mail chain',
    date: '2026-10-07',
    shownDate: '7 October 2026',
    minutes: 5,
    summary:
      'A simple preparer, reviewer and partner routine that keeps review notes with the work instead of in inboxes.',
  },
]

export function BlogTeasers() {
  return (
    <Section id="insights">
      <Container className="py-16 sm:py-24">
        <SectionIntro id="insights" eyebrow="From the blog" title="Notes for audit teams">
          Practical writing from our consultants on requests, evidence and review.
        </SectionIntro>
        <div className="mt-10 grid gap-4 md:grid-cols-3">
          {articles.map(({ title, date, shownDate, minutes, summary }) => (
            <article key={title} className="flex flex-col rounded-lg border bg-card p-6">
              <p className="text-xs text-muted-foreground">
                <time dateTime={date}>{shownDate}</time> · {minutes} min read
              </p>
              <h3 className="mt-3 text-lg leading-snug font-semibold text-balance">{title}</h3>
              <p className="mt-2 text-sm text-pretty text-muted-foreground">{summary}</p>
            </article>
          ))}
        </div>
      </Container>
    </Section>
  )
}

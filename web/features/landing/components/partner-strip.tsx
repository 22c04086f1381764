import { Container, Section } from './section'

// Fictional firms, set as simple wordmarks (see the note in the footer).
const partners = [
  { name: 'Harrow & Lyle LLP', style: 'font-serif text-lg font-semibold' },
  { name: 'Quillfield Assurance', style: 'text-base font-semibold tracking-tight' },
  { name: 'Ashbury Penn', style: 'text-sm font-semibold tracking-[0.2em] uppercase' },
  { name: 'Corrigan Vale & Co.', style: 'font-serif text-lg italic' },
  { name: 'Larkmoor Audit', style: 'text-base font-medium' },
  { name: 'Whitcombe Stroud', style: 'font-serif text-lg font-semibold tracking-tight' },
]

export function PartnerStrip() {
  return (
    <Section id="partners" className="border-b bg-muted/40">
      <Container className="py-10 sm:py-12">
        <h2 id="partners-heading" className="text-center text-sm font-medium text-muted-foreground">
          Trusted by independent audit and assurance firms
        </h2>
        <ul className="mt-6 grid grid-cols-2 items-center gap-x-6 gap-y-5 text-center sm:grid-cols-3 lg:grid-cols-6">
          {partners.map(({ name, style }) => (
            <li key={name} className={`text-muted-foreground ${style}`}>
              {name}
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  )
}

import { ArrowDown, ArrowUp } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { countOf } from '@/lib/plural'

/**
 * Sections in order, each moved whole up or down (what it holds keeps its order within it): a
 * template's items, an audit's draft requests.
 */
export function SectionOrder({
  sections,
  noun,
  canMove,
  pending,
  onMove,
}: {
  sections: ReadonlyArray<{ name: string; count: number }>
  /** What a section holds, for its count ("item", "request"). */
  noun: string
  canMove: boolean
  pending: boolean
  /** Moves `section` just before `before` (null: to the end). */
  onMove: (section: string, before: string | null) => void
}) {
  const moveTo = (index: number, to: number) => {
    // Up: before the section above. Down: before the one after the next (null: last).
    const before = to < index ? sections[to]!.name : (sections[to + 1]?.name ?? null)
    onMove(sections[index]!.name, before)
  }
  return (
    <ol className="grid gap-1" aria-label="Sections">
      {sections.map((section, index) => (
        <li key={section.name} className="flex items-center justify-between gap-3 text-sm">
          <span className="min-w-0 truncate">
            {section.name}{' '}
            <span className="text-muted-foreground">({countOf(section.count, noun)})</span>
          </span>
          {canMove ? (
            <span className="flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="icon"
                disabled={index === 0 || pending}
                aria-label={`Move ${section.name} up`}
                onClick={() => moveTo(index, index - 1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                disabled={index === sections.length - 1 || pending}
                aria-label={`Move ${section.name} down`}
                onClick={() => moveTo(index, index + 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { templateSectionsQuery, useMoveSection } from '../api/template-sections'

/**
 * The template's sections in order, each moved whole up or down by admins (its items keep their
 * order within it). Shown once there are two.
 */
export function TemplateSections({
  templateId,
  canManage,
}: {
  templateId: string
  canManage: boolean
}) {
  const sections = useQuery(templateSectionsQuery(templateId))
  const move = useMoveSection()
  if (!sections.data || sections.data.length < 2) return null
  const list = sections.data

  const moveTo = (index: number, to: number) => {
    // Up: before the section above. Down: before the one after the next (null: last).
    const before = to < index ? list[to]!.name : (list[to + 1]?.name ?? null)
    move
      .mutateAsync({ templateId, input: { section: list[index]!.name, before } })
      .catch((error: unknown) => toastFailure('Failed to move the section', error))
  }

  return (
    <Card className="grid gap-2 p-4">
      <h2 className="text-sm font-semibold">Sections</h2>
      <ol className="grid gap-1" aria-label="Sections">
        {list.map((section, index) => (
          <li key={section.name} className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate">
              {section.name}{' '}
              <span className="text-muted-foreground">({countOf(section.items, 'item')})</span>
            </span>
            {canManage ? (
              <span className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={index === 0 || move.isPending}
                  aria-label={`Move ${section.name} up`}
                  onClick={() => moveTo(index, index - 1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={index === list.length - 1 || move.isPending}
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
    </Card>
  )
}

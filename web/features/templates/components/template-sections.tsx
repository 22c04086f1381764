import { useQuery } from '@tanstack/react-query'
import { SectionOrder } from '@/components/section-order'
import { Card } from '@/components/ui/card'
import { toastFailure } from '@/lib/mutation-feedback'
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
  return (
    <Card className="grid gap-2 p-4">
      <h2 className="text-sm font-semibold">Sections</h2>
      <SectionOrder
        sections={sections.data.map((section) => ({ name: section.name, count: section.items }))}
        noun="item"
        canMove={canManage}
        pending={move.isPending}
        onMove={(section, before) =>
          move
            .mutateAsync({ templateId, input: { section, before } })
            .catch((error: unknown) => toastFailure('Failed to move the section', error))
        }
      />
    </Card>
  )
}

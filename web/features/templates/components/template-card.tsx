import type { Template } from '@shared/schemas/templates'
import { ListChecks } from 'lucide-react'
import { CardActions, CardLink, DeleteButton, EditButton } from '@/components/card-link'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { keepFocusInPage } from '@/lib/focus'
import { toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { useDeleteTemplate } from '../api/delete-template'
import { TemplateFormDialog } from './template-form-dialog'

export function TemplateCard({ template, canManage }: { template: Template; canManage: boolean }) {
  const deleteTemplate = useDeleteTemplate()

  const onDelete = () => {
    deleteTemplate.mutateAsync(template.id).then(
      () => {
        toast({ title: 'Template deleted successfully' })
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to delete template', error),
    )
  }

  return (
    <Card className="relative flex h-full flex-col gap-3 p-5 transition-colors hover:bg-accent/40">
      <h2 className="min-w-0 text-base leading-snug font-semibold break-words">
        <CardLink to={`/templates/${template.id}`}>{template.name}</CardLink>
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        {template.categoryName ? (
          <Badge variant="secondary">
            <span className="sr-only">Category: </span>
            {template.categoryName}
          </Badge>
        ) : (
          <Badge variant="outline" className="text-muted-foreground">
            No category
          </Badge>
        )}
        <span className="flex items-center gap-1 text-xs text-muted-foreground tabular-nums">
          <ListChecks aria-hidden="true" className="size-3.5" />
          {countOf(template.itemCount, 'item')}
        </span>
      </div>
      {template.description ? (
        <p className="line-clamp-3 text-sm text-muted-foreground">{template.description}</p>
      ) : null}
      {canManage ? (
        <CardActions className="mt-auto pt-1">
          <TemplateFormDialog template={template} trigger={<EditButton name={template.name} />} />
          <DeleteButton
            name={template.name}
            pending={deleteTemplate.isPending}
            onClick={onDelete}
          />
        </CardActions>
      ) : null}
    </Card>
  )
}

import { ANSWER_TYPE_LABELS } from '@shared/schemas/answers'
import type { TemplateItem } from '@shared/schemas/templates'
import { CalendarClock, FileCheck, ListChecks, MessageSquareText } from 'lucide-react'
import type { ReactNode } from 'react'
import { EditButton, DeleteButton } from '@/components/card-link'
import { Badge } from '@/components/ui/badge'
import { keepFocusInPage } from '@/lib/focus'
import { countOf } from '@/lib/plural'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { useDeleteTemplateItem } from '../api/delete-template-item'
import { TemplateItemDialog } from './template-item-dialog'

interface TemplateItemRowProps {
  item: TemplateItem
  number: number
  canManage: boolean
  /** The control that moves the item (a drag handle), before its number. */
  handle?: ReactNode
}

export function TemplateItemRow({ item, number, canManage, handle }: TemplateItemRowProps) {
  const deleteItem = useDeleteTemplateItem()

  const onDelete = () => {
    deleteItem.mutateAsync({ id: item.id, templateId: item.templateId }).then(
      () => {
        toast({ title: 'Item deleted successfully' })
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to delete item', error),
    )
  }

  return (
    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex min-w-0 flex-1 gap-3">
        {handle}
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-medium tabular-nums">
          {number}
        </span>
        <div className="grid min-w-0 gap-1.5">
          <h3 className="font-medium break-words">
            {item.reference ? (
              <>
                <span className="text-muted-foreground tabular-nums">{item.reference}</span>{' '}
              </>
            ) : null}
            {item.title}
          </h3>
          {item.section ? <p className="text-xs text-muted-foreground">{item.section}</p> : null}
          {item.description ? (
            <p className="text-sm whitespace-pre-line text-muted-foreground">{item.description}</p>
          ) : null}
          {item.requiresDocument ||
          item.requiresResponse ||
          item.dueDaysBefore !== null ||
          item.answerType !== 'text' ? (
            <div className="flex flex-wrap gap-2">
              {item.answerType !== 'text' ? (
                <Badge variant="outline">
                  <ListChecks aria-hidden="true" />
                  {ANSWER_TYPE_LABELS[item.answerType]}
                  {item.choices ? `: ${item.choices.join(' / ')}` : ''}
                </Badge>
              ) : null}
              {item.dueDaysBefore !== null ? (
                <Badge variant="outline">
                  <CalendarClock aria-hidden="true" />
                  {item.dueDaysBefore === 0
                    ? 'Due on the audit’s due date'
                    : `Due ${countOf(item.dueDaysBefore, 'day')} before the audit`}
                </Badge>
              ) : null}
              {item.requiresDocument ? (
                <Badge variant="outline">
                  <FileCheck aria-hidden="true" />
                  Document Required
                </Badge>
              ) : null}
              {item.requiresResponse ? (
                <Badge variant="outline">
                  <MessageSquareText aria-hidden="true" />
                  Response Required
                </Badge>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {canManage ? (
        <div className={cn('flex shrink-0 flex-wrap gap-2 sm:pl-0', handle ? 'pl-19' : 'pl-10')}>
          <TemplateItemDialog
            templateId={item.templateId}
            item={item}
            defaultOrder={item.order}
            trigger={<EditButton name={item.title} />}
          />
          <DeleteButton name={item.title} pending={deleteItem.isPending} onClick={onDelete} />
        </div>
      ) : null}
    </div>
  )
}

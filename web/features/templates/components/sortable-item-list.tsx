import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { TemplateItem } from '@shared/schemas/templates'
import { GripVertical } from 'lucide-react'
import { useRef } from 'react'
import { buttonVariants } from '@/components/ui/button'
import { toastFailure } from '@/lib/mutation-feedback'
import { cn } from '@/lib/utils'
import { useMoveTemplateItem } from '../api/move-template-item'
import { TemplateItemRow } from './template-item-row'

const screenReaderInstructions = {
  draggable:
    'To reorder this item, press Space or Enter to pick it up. Use the Up and Down arrow keys to move it, then press Space or Enter to drop it in its new place, or Escape to cancel.',
}

// The list only runs up and down.
const alongTheList: Modifier = ({ transform }) => ({ ...transform, x: 0 })

/**
 * The checklist for those who may change it: each item moves by dragging its handle, or from the
 * keyboard (Space on the handle, arrows, Space), with what happens read out in plain words. The
 * new order shows at once and is undone if the server refuses it.
 */
export function SortableItemList({ items }: { items: TemplateItem[] }) {
  const moveItem = useMoveTemplateItem({
    onError: (error) => toastFailure('Failed to move item', error),
  })
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = items.map((item) => item.id)
  const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1
  const titleOf = (id: UniqueIdentifier) =>
    items.find((item) => item.id === id)?.title ?? 'The item'
  const of = `of ${items.length}`

  // Picking an item up puts it over its own place: said once it has left that place.
  const left = useRef(false)
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      left.current = false
      return `Picked up ${titleOf(active.id)}, at position ${place(active.id)} ${of}.`
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !left.current) return undefined
      left.current = true
      return over
        ? `${titleOf(active.id)} moved to position ${place(over.id)} ${of}.`
        : `${titleOf(active.id)} is no longer over the list.`
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${place(over.id)} ${of}.`
        : `${titleOf(active.id)} dropped; it stays at position ${place(active.id)} ${of}.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${titleOf(active.id)} is back at position ${place(active.id)} ${of}.`,
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const item = items.find((candidate) => candidate.id === active.id)
    const position = ids.indexOf(String(over.id))
    if (!item || position < 0) return
    moveItem.mutate({ id: item.id, templateId: item.templateId, position })
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongTheList]}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="divide-y rounded-lg border bg-card" aria-label="Checklist items">
          {items.map((item, index) => (
            <SortableItem key={item.id} item={item} number={index + 1} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function SortableItem({ item, number }: { item: TemplateItem; number: number }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id, attributes: { roleDescription: 'drag handle' } })

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('bg-card', isDragging && 'relative z-10 rounded-lg shadow-lg')}
    >
      <TemplateItemRow
        item={item}
        number={number}
        canManage
        handle={
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${item.title}`}
            className={cn(
              buttonVariants({ variant: 'ghost', size: 'icon-sm' }),
              '-ml-2 cursor-grab touch-none text-muted-foreground active:cursor-grabbing',
            )}
          >
            <GripVertical aria-hidden="true" />
          </button>
        }
      />
    </li>
  )
}

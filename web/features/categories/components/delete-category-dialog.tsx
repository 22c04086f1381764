import type { Category } from '@shared/schemas/templates'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/lib/toast'
import { useDeleteCategory } from '../api/delete-category'

/** The one confirmed deletion (spec §8): templates keep existing, without a category. */
export function DeleteCategoryDialog({ category }: { category: Category }) {
  const deleteCategory = useDeleteCategory()
  return (
    <ConfirmDialog
      triggerLabel="Delete"
      triggerContext={category.name}
      title="Delete Category?"
      description={
        <>
          This deletes the category &ldquo;{category.name}&rdquo;. Templates using this category
          will not be deleted; they will simply have no category.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      failureTitle="Failed to delete category"
      onConfirm={() =>
        deleteCategory
          .mutateAsync(category.id)
          .then(() => toast({ title: 'Category deleted successfully' }))
      }
    />
  )
}

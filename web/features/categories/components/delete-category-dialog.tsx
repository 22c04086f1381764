import type { Category } from '@shared/schemas/templates'
import { useState } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { keepFocusInPage } from '@/lib/focus'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useDeleteCategory } from '../api/delete-category'

/** The one confirmed deletion (spec §8): templates keep existing, without a category. */
export function DeleteCategoryDialog({ category }: { category: Category }) {
  const [open, setOpen] = useState(false)
  const deleteCategory = useDeleteCategory()

  const onConfirm = () => {
    deleteCategory.mutateAsync(category.id).then(
      () => {
        toast({ title: 'Category deleted successfully' })
        setOpen(false)
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to delete category', error),
    )
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!deleteCategory.isPending) setOpen(next)
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          Delete<span className="sr-only"> {category.name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Category?</AlertDialogTitle>
          <AlertDialogDescription>
            This deletes the category &ldquo;{category.name}&rdquo;. Templates using this category
            will not be deleted; they will simply have no category.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteCategory.isPending}>Cancel</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={deleteCategory.isPending}
            pendingLabel="Deleting..."
            onClick={onConfirm}
          >
            Delete
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

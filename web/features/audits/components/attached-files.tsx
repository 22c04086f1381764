import type { RequestFile } from '@shared/schemas/requests'
import { LoaderCircle, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useDeleteFile } from '../api/delete-file'
import { FileList } from './file-list'

/** The files of the answer being prepared; Remove where the file's `allowedActions` permit it. */
export function AttachedFiles({ files }: { files: RequestFile[] }) {
  const deleteFile = useDeleteFile({
    onSuccess: (_, id) =>
      toast({
        title: 'File removed',
        description: files.find((file) => file.id === id)?.fileName,
      }),
    onError: (error) => toastFailure('Failed to remove the file', error),
  })
  const removing = deleteFile.isPending ? deleteFile.variables : undefined

  if (files.length === 0)
    return <p className="text-sm text-muted-foreground">No files attached yet.</p>
  return (
    <FileList
      files={files}
      label="Attached files"
      action={(file) =>
        file.allowedActions.includes('remove') ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={removing === file.id}
            aria-label={`Remove ${file.fileName}`}
            onClick={() => deleteFile.mutate(file.id)}
          >
            {removing === file.id ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" />
            )}
            Remove
          </Button>
        ) : null
      }
    />
  )
}

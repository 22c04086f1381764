import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function deleteFile(id: string) {
  return api.delete(`/api/files/${encodeURIComponent(id)}`)
}

export function useDeleteFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => invalidateRequests(queryClient),
  })
}

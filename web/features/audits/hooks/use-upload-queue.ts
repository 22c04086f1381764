import type { PublicConfig } from '@shared/schemas/auth'
import { uploadRefusals } from '@shared/uploads'
import { useRef, useState } from 'react'
import { errorMessage } from '@/lib/api'
import { useUploadFile } from '../api/upload-file'

/** One chosen file on its way: its progress, or why it was refused. */
export interface QueuedUpload {
  key: number
  name: string
  loaded: number
  total: number
  error?: string
}

/**
 * Each chosen file is its own upload with its own progress and, when refused, its own message.
 * A file over the announced limits is refused before it is sent, in the server's words (the
 * server checks again regardless); one that arrives leaves the queue once the request shows it.
 */
export function useUploadQueue(
  requestId: string,
  {
    limits,
    attached,
  }: {
    /** The server's announced limits; undefined while loading (the server still checks). */
    limits: PublicConfig['uploads'] | undefined
    /** Files already in the version being prepared. */
    attached: number
  },
) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([])
  const nextKey = useRef(0)
  const uploadFile = useUploadFile()

  const update = (key: number, change: Partial<QueuedUpload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    )
  const dismiss = (key: number) =>
    setUploads((current) => current.filter((upload) => upload.key !== key))

  const start = (files: File[]) => {
    let room = limits
      ? limits.maxFilesPerRequest - attached - uploads.filter((upload) => !upload.error).length
      : Infinity
    for (const file of files) {
      nextKey.current += 1
      const key = nextKey.current
      const refusal = !limits
        ? undefined
        : file.size > limits.maxFileBytes
          ? uploadRefusals.tooLarge(limits.maxFileBytes)
          : room <= 0
            ? uploadRefusals.tooManyFiles(limits.maxFilesPerRequest)
            : undefined
      setUploads((current) => [
        ...current,
        { key, name: file.name, loaded: 0, total: file.size, error: refusal },
      ])
      if (refusal) continue
      room -= 1
      uploadFile
        .mutateAsync({
          requestId,
          file,
          onProgress: ({ loaded, total }) => update(key, { loaded, total }),
        })
        .then(
          () => dismiss(key),
          (failure: unknown) =>
            update(key, { error: errorMessage(failure, 'The upload failed. Please try again.') }),
        )
    }
  }

  return { uploads, start, dismiss }
}

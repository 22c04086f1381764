import type { RequestFile } from '@shared/schemas/requests'
import { ApiError } from '@/lib/api'

export interface UploadProgress {
  loaded: number
  total: number
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Uploads one file to the version of the request being prepared, as multipart form data, with
 * XMLHttpRequest so that the upload's progress can be shown (fetch cannot report it). Same-origin,
 * so the browser sends the cookies and the Origin the server checks; the browser sets the
 * multipart Content-Type with its boundary. Fails with an ApiError carrying the server's message.
 */
export function uploadFile(
  requestId: string,
  file: File,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<RequestFile[]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/requests/${encodeURIComponent(requestId)}/files`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      })
    })
    xhr.addEventListener('load', () => {
      const parsed = parseJson(xhr.responseText) as
        { message?: unknown; code?: unknown } | undefined
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((Array.isArray(parsed) ? parsed : []) as RequestFile[])
        return
      }
      const message =
        typeof parsed?.message === 'string' && parsed.message
          ? parsed.message
          : xhr.status === 413
            ? 'This file is too large'
            : xhr.statusText || 'Upload failed'
      reject(
        new ApiError({
          status: xhr.status,
          code: typeof parsed?.code === 'string' ? (parsed.code as ApiError['code']) : 'UNKNOWN',
          message,
          text: `${xhr.status}: ${xhr.responseText || xhr.statusText}`,
        }),
      )
    })
    const networkError = () =>
      reject(
        new ApiError({
          status: 0,
          code: 'NETWORK_ERROR',
          message: 'Could not reach the server. Check your connection and try again.',
          text: '0: Network error',
        }),
      )
    xhr.addEventListener('error', networkError)
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('file', file, file.name)
    xhr.send(form)
  })
}

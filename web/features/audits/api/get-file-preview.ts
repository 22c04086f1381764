import { filesApi } from '@shared/api/requests'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiErrorFrom, networkError, urlOf } from '@/lib/api'

/** How much of a text file its preview shows: a long read, never a whole large log at once. */
export const TEXT_PREVIEW_BYTES = 512 * 1024

export const filePreviewUrl = (id: string) => urlOf(filesApi.preview, { params: { id } })

/** The preview's answer once its headers are in; a refusal becomes an ApiError, as any call's. */
async function openPreview(id: string, signal?: AbortSignal) {
  let response: Response
  try {
    response = await fetch(filePreviewUrl(id), { credentials: 'include', signal })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw networkError()
  }
  if (!response.ok) throw apiErrorFrom(response.status, await response.text(), response.statusText)
  return response
}

export interface FileText {
  text: string
  /** The file goes on past TEXT_PREVIEW_BYTES. */
  truncated: boolean
}

/** The start of a text or CSV file, which its preview serves as UTF-8 text. */
export async function getFileText(id: string, signal?: AbortSignal): Promise<FileText> {
  const response = await openPreview(id, signal)
  const reader = response.body?.getReader()
  if (!reader) {
    const text = await response.text()
    return { text: text.slice(0, TEXT_PREVIEW_BYTES), truncated: text.length > TEXT_PREVIEW_BYTES }
  }
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { text: text + decoder.decode(), truncated: false }
    const room = TEXT_PREVIEW_BYTES - bytes
    if (value.byteLength > room) {
      // A character cut at the limit stays in the decoder: it is left out, not shown as U+FFFD.
      text += decoder.decode(value.subarray(0, room), { stream: true })
      await reader.cancel()
      return { text, truncated: true }
    }
    bytes += value.byteLength
    text += decoder.decode(value, { stream: true })
  }
}

/**
 * Whether the preview can be shown, asked before a frame shows it: a frame cannot tell its page
 * that it got a refusal (whose answer may not even be framed), so its headers are read here and
 * the rest is left unread.
 */
export async function checkFilePreview(id: string, signal?: AbortSignal) {
  const response = await openPreview(id, signal)
  await response.body?.cancel()
  return { contentType: response.headers.get('content-type') ?? '' }
}

export const fileQueries = {
  text: (id: string) =>
    queryOptions({
      queryKey: ['files', id, 'preview-text'],
      queryFn: ({ signal }) => getFileText(id, signal),
    }),
  /** Asked again each time the preview opens (`gcTime: 0`): a file can be lost from storage. */
  previewCheck: (id: string) =>
    queryOptions({
      queryKey: ['files', id, 'preview-check'],
      queryFn: ({ signal }) => checkFilePreview(id, signal),
      gcTime: 0,
    }),
}

export const useFileText = (id: string) => useQuery(fileQueries.text(id))
export const useFilePreviewCheck = (id: string) => useQuery(fileQueries.previewCheck(id))

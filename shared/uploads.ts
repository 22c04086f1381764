import { formatSize } from './format'

/** What an upload is refused with, said by the server and, before sending, by the interface. */
export const uploadRefusals = {
  tooLarge: (maxFileBytes: number) => `Files may be at most ${formatSize(maxFileBytes)}`,
  tooManyFiles: (maxFilesPerRequest: number) =>
    `A version can hold at most ${maxFilesPerRequest} files: remove some first`,
}

/** How a file of each previewable type is shown in the page (decision 027). */
export type PreviewKind = 'pdf' | 'image' | 'text'

/**
 * The types shown in the page, all of them accepted uploads: PDFs in the browser's viewer, raster
 * images, and text and CSV as text. Never SVG or HTML (they run scripts); anything else is
 * downloaded.
 */
const PREVIEW_KINDS = new Map<string, PreviewKind>([
  ['application/pdf', 'pdf'],
  ['image/png', 'image'],
  ['image/jpeg', 'image'],
  ['image/gif', 'image'],
  ['image/webp', 'image'],
  ['text/plain', 'text'],
  ['text/csv', 'text'],
])

/** How a file of this (sniffed) type is previewed, or undefined when it can only be downloaded. */
export const previewKindOf = (contentType: string): PreviewKind | undefined =>
  PREVIEW_KINDS.get(contentType)

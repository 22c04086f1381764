import { TextDecoder } from 'node:util'

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b)

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Text: valid UTF-8 (a character cut at the end of the sample is fine) without NUL bytes. */
function isText(head: Buffer) {
  if (head.length === 0 || head.includes(0)) return false
  for (let cut = 0; cut < 4 && cut < head.length; cut++) {
    try {
      utf8.decode(head.subarray(0, head.length - cut))
      return true
    } catch {
      // A multi-byte character may be cut by the sample's end: try a little shorter.
    }
  }
  return false
}

const extension = (fileName: string) => fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? ''

const OOXML: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}
const OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
}

/**
 * The content type of a file from its first bytes, or null when it is outside the allowlist (PDF,
 * images, office documents, CSV, text, ZIP). The bytes decide the family; the name only picks a
 * more precise type inside it (a .docx is a ZIP container), so a renamed executable stays refused.
 */
export function sniffContentType(head: Buffer, fileName: string): string | null {
  const ext = extension(fileName)
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif'
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp'
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return OOXML[ext] ?? 'application/zip'
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return OLE[ext] ?? 'application/x-ole-storage'
  if (isText(head)) return ext === 'csv' ? 'text/csv' : 'text/plain'
  return null
}

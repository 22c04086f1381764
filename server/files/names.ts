import { FILE_NAME_MAX } from '@shared/schemas/requests'

/**
 * A display name from an uploaded file's name: no folders; no control, format (bidi overrides,
 * zero-width, soft hyphen…) or reserved characters; whitespace as single spaces; no leading dots or
 * trailing dots and spaces (Windows drops those, which could reveal another extension); capped
 * (keeping the extension). It is shown and used in downloads, never as a path on disk.
 */
export function safeFileName(name: string | undefined, fallback = 'file') {
  const base = (name ?? '').normalize('NFC').split(/[/\\]/).pop() ?? ''
  const cleaned = base
    // \s covers tabs, line breaks and U+2028/U+2029 but also U+FEFF, a format character: it goes.
    .replace(/[^\S\uFEFF]+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/ {2,}/g, ' ')
  const trimmed = cleaned.replace(/^[.\s]+|[.\s]+$/g, '')
  if (!trimmed) return fallback
  const chars = Array.from(trimmed)
  if (chars.length <= FILE_NAME_MAX) return trimmed
  const dot = trimmed.lastIndexOf('.')
  const ext = dot > 0 && trimmed.length - dot <= 10 ? trimmed.slice(dot) : ''
  const kept = chars.slice(0, FILE_NAME_MAX - ext.length).join('')
  return kept.trimEnd() + ext
}

/** A name for one path segment (of an archive, a download): slashes would make folders. */
export const oneSegment = (name: string) => name.replace(/[/\\]/g, '-')

/** A Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 5987). */
function disposition(type: 'attachment' | 'inline', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/** A download: saved under the name, never opened by the browser. */
export const attachment = (fileName: string) => disposition('attachment', fileName)

/** A preview: shown by the browser, saved under the name if the viewer's own Save is used. */
export const inline = (fileName: string) => disposition('inline', fileName)

import { FILE_NAME_MAX } from '@shared/schemas/requests'

/**
 * A display name from an uploaded file's name: no folders, no control or reserved characters, capped
 * (keeping the extension). It is shown and used in downloads, never as a path on disk.
 */
export function safeFileName(name: string | undefined, fallback = 'file') {
  const base = (name ?? '').split(/[/\\]/).pop() ?? ''
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
  const trimmed = cleaned.replace(/^\.+/, '').trim()
  if (!trimmed) return fallback
  if (trimmed.length <= FILE_NAME_MAX) return trimmed
  const dot = trimmed.lastIndexOf('.')
  const ext = dot > 0 && trimmed.length - dot <= 10 ? trimmed.slice(dot) : ''
  return trimmed.slice(0, FILE_NAME_MAX - ext.length) + ext
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 5987). */
export function attachment(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

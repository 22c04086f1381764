import { TextDecoder } from 'node:util'

/** How much of the start of a file its family is judged on. */
export const HEAD_BYTES = 4096

/** What the bytes are, whatever the name says. `web-page` and `script` are text that does something. */
export type ByteFamily =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'zip'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'ole'
  | 'text'
  | 'web-page'
  | 'script'

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

const OPEN_DOCUMENT: Record<string, ByteFamily> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
}

/** An OpenDocument file starts with a stored `mimetype` entry naming its type (ODF 1.2, 3.3). */
function openDocument(head: Buffer): ByteFamily | undefined {
  if (head.length < 30 || head.readUInt16LE(8) !== 0) return undefined
  const nameLength = head.readUInt16LE(26)
  const start = 30 + nameLength + head.readUInt16LE(28)
  if (head.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined
  return OPEN_DOCUMENT[head.toString('latin1', start, start + head.readUInt32LE(22))]
}

// The starts a browser takes for HTML (the WHATWG MIME sniffing patterns), and SVG.
const PAGE_START =
  /^<(?:!doctype\s+(?:html|svg)|(?:html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|svg)[\s/>])/
// Markup that starts otherwise (an XML declaration, a comment) but holds a page or a transform.
const PAGE_INSIDE =
  /<(?:html|head|body|script|iframe|svg|xsl:stylesheet|xsl:transform)[\s/>]|<\?xml-stylesheet|<!doctype\s+(?:html|svg)|xmlns(?::\w+)?\s*=\s*["']http:\/\/www\.w3\.org\/(?:1999\/xhtml|2000\/svg|1999\/xsl\/transform)/

function textFamily(head: Buffer): ByteFamily {
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase()
  if (start.startsWith('#!')) return 'script'
  if (PAGE_START.test(start) || (start.startsWith('<') && PAGE_INSIDE.test(start)))
    return 'web-page'
  return 'text'
}

/** The family of a file from its first bytes (up to HEAD_BYTES), or null when it is none we know. */
export function sniffFamily(head: Buffer): ByteFamily | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'gif'
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp'
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return openDocument(head) ?? 'zip'
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole'
  if (isText(head)) return textFamily(head)
  return null
}

/**
 * Finds byte strings anywhere in a stream, chunk by chunk, ignoring ASCII case: a tail as long as
 * the longest string is carried over, so a string split between two chunks is found too. Bytes are
 * read as latin1, one character per byte, whose lower case never turns a byte into ASCII.
 */
export class StreamSearch {
  readonly found = new Set<string>()
  private tail = ''
  private readonly keep: number

  /** `needles` in lower case, one character per byte (latin1). */
  constructor(private readonly needles: string[]) {
    this.keep = Math.max(...needles.map((needle) => needle.length)) - 1
  }

  update(chunk: Buffer) {
    const text = this.tail + chunk.toString('latin1').toLowerCase()
    for (const needle of this.needles)
      if (!this.found.has(needle) && text.includes(needle)) this.found.add(needle)
    this.tail = text.slice(Math.max(0, text.length - this.keep))
  }
}

import { formatSize } from '@shared/format'
import { previewKindOf } from '@shared/uploads'
import { AppError } from '../lib/errors'
import { safeFileName } from './names'
import { HEAD_BYTES, sniffFamily, StreamSearch, type ByteFamily } from './sniff'
import type { UploadInspector } from './storage'
import { ZIP_DIRECTORY_MAX_BYTES, ZipTail, type ZipDirectory } from './zip-directory'

/**
 * What uploads may be: the one policy, judged on the name before any byte is read, then on the
 * bytes as they pass (the family from the first bytes, macro markers anywhere in the file).
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation'

/** The accepted types and their extensions, the one appended when a name has none of them first. */
const EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  [DOCX]: ['docx'],
  [XLSX]: ['xlsx'],
  [PPTX]: ['pptx'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/zip': ['zip'],
  'text/csv': ['csv'],
  'text/plain': ['txt', 'text', 'log', 'md', 'json', 'xml', 'tsv'],
}

/** Files recorded before a type left the list keep being served, under this extension. */
const UNKNOWN_EXTENSION = 'bin'

// Names that run, render or carry macros when opened: refused whatever the bytes are.
/** Scripts and executables (Windows, Unix, runtimes), and what points at or installs them. */
const RUNS = [
  ...['js', 'mjs', 'cjs', 'jse', 'vbs', 'vbe', 'wsf', 'wsh', 'wsc', 'sct', 'hta', 'ps1', 'psm1'],
  ...['psd1', 'ps1xml', 'psc1', 'bat', 'cmd', 'com', 'exe', 'scr', 'pif', 'msi', 'msp', 'mst'],
  ...['msc', 'dll', 'cpl', 'ocx', 'sys', 'drv', 'jar', 'jnlp', 'class', 'sh', 'bash', 'zsh'],
  ...['csh', 'ksh', 'fish', 'command', 'py', 'pyc', 'pyw', 'pl', 'pm', 'rb', 'php', 'phtml'],
  ...['lnk', 'reg', 'scf', 'inf', 'url', 'website', 'application', 'appref-ms', 'gadget'],
  ...['msix', 'msixbundle', 'appx', 'appxbundle', 'apk', 'app', 'dmg', 'pkg', 'deb', 'rpm'],
  ...['library-ms', 'settingcontent-ms', 'iso', 'img', 'vhd', 'vhdx', 'chm', 'hlp', 'xll'],
  ...['desktop', 'vb', 'vba', 'cab'],
]
/** Web pages and SVG (scripts run when a browser opens them). */
const PAGES = ['html', 'htm', 'xhtml', 'xht', 'shtml', 'mht', 'mhtml', 'svg', 'svgz', 'xsl', 'xslt']
/** Macro-enabled Office documents. */
const MACRO_DOCUMENTS = [
  ...['docm', 'dotm', 'xlsm', 'xltm', 'xlam', 'xla', 'xlsb', 'pptm', 'potm', 'ppam', 'ppsm'],
  ...['sldm'],
]
const REFUSED_EXTENSIONS = new Set([...RUNS, ...PAGES, ...MACRO_DOCUMENTS])
// Inside an Office or OpenDocument package, pages and SVG are parts Office draws itself (an icon
// as word/media/image1.svg, an imported page as word/afchunk.mht); nobody extracts them.
const REFUSED_IN_PACKAGES = new Set([...RUNS, ...MACRO_DOCUMENTS])

// OOXML keeps macros in a vbaProject.bin part, OpenDocument in Basic/ or Scripts/ folders: entry
// names, stored uncompressed in the ZIP's headers. Every VBA project holds a _VBA_PROJECT stream
// (MS-OVBA), named in UTF-16 in an OLE file's directory. Office compares these names ignoring case.
const ZIP_MACROS = [
  'vbaproject.bin',
  'basic/script-lc.xml',
  'basic/script-lb.xml',
  'scripts/python/',
  'scripts/javascript/',
  'scripts/beanshell/',
]
const OLE_MACROS = [Buffer.from('_vba_project', 'utf16le').toString('latin1')]
const ZIP_FAMILIES = new Set<ByteFamily>(['zip', 'odt', 'ods', 'odp'])

const REFUSED_MESSAGE =
  'Scripts, web pages, SVG images and macro-enabled Office files are not accepted'
const UNKNOWN_MESSAGE =
  'This type of file is not accepted: send a PDF, an image, an office document, CSV, text or ZIP'

const refused = () => new AppError('UNSUPPORTED_MEDIA_TYPE', REFUSED_MESSAGE)

/** Whether a name is refused by its last extension, once cleaned as every uploaded name is. */
const isRefusedName = (name: string, extensions = REFUSED_EXTENSIONS) =>
  extensions.has(extensionOf(safeFileName(name)))

/** The last extension of a name, in lower case ('' when there is none). */
export const extensionOf = (fileName: string) =>
  fileName.toLowerCase().match(/\.([a-z0-9-]+)$/)?.[1] ?? ''

/** The refusal of a (cleaned) name, before any of its bytes is read; undefined when it may come. */
export function refusedByName(fileName: string): AppError | undefined {
  return isRefusedName(fileName) ? refused() : undefined
}

/** An entry's path as the refusal shows it: each folder and name cleaned, the end kept if long. */
function shownEntry(name: string) {
  const path = name
    .split(/[/\\]/)
    .filter(Boolean)
    .map((part) => safeFileName(part))
    .join('/')
  return path.length > 200 ? `…${path.slice(-199)}` : path
}

/**
 * Names inside a ZIP pass the same refusal as names outside: an archive is extracted and its files
 * opened by their names. In an Office or OpenDocument package the entries are its parts (see
 * REFUSED_IN_PACKAGES). A directory that cannot be read cannot be judged: refused as well.
 */
function judgeEntries(fileName: string, directory: ZipDirectory, plainArchive: boolean) {
  if ('problem' in directory) {
    if (directory.problem === 'too-long')
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `${fileName} lists more files than can be checked (its list of contents is over ${formatSize(ZIP_DIRECTORY_MAX_BYTES)}): send them in smaller archives`,
      )
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${fileName} cannot be opened: its list of contents is missing or damaged`,
    )
  }
  const extensions = plainArchive ? REFUSED_EXTENSIONS : REFUSED_IN_PACKAGES
  const entry = directory.names.find((name) => isRefusedName(name, extensions))
  if (entry !== undefined)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${fileName} holds "${shownEntry(entry)}": ${REFUSED_MESSAGE.charAt(0).toLowerCase()}${REFUSED_MESSAGE.slice(1)}, inside archives either`,
    )
}

function contentTypeOf(family: ByteFamily | null, extension: string): string | null {
  switch (family) {
    case 'pdf':
      return 'application/pdf'
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
      return `image/${family}`
    case 'zip':
      return { docx: DOCX, xlsx: XLSX, pptx: PPTX }[extension] ?? 'application/zip'
    case 'odt':
      return 'application/vnd.oasis.opendocument.text'
    case 'ods':
      return 'application/vnd.oasis.opendocument.spreadsheet'
    case 'odp':
      return 'application/vnd.oasis.opendocument.presentation'
    case 'ole':
      // A compound file is an office document only when it says so; otherwise an installer (.msi),
      // a shortcut store or anything else that uses the format.
      return (
        {
          doc: 'application/msword',
          xls: 'application/vnd.ms-excel',
          ppt: 'application/vnd.ms-powerpoint',
        }[extension] ?? null
      )
    case 'text':
      return extension === 'csv' ? 'text/csv' : 'text/plain'
    default:
      return null
  }
}

/**
 * Judges one upload as it passes through storage: the family from the first bytes, macro markers
 * anywhere in the stream (never buffered). The name only picks a precise type inside a family (a
 * .docx is a ZIP), so a renamed file gets no further than its bytes allow.
 */
export function inspectUpload(fileName: string): UploadInspector {
  const extension = extensionOf(fileName)
  const search = new StreamSearch([...ZIP_MACROS, ...OLE_MACROS])
  let head = Buffer.alloc(0)
  let family: ByteFamily | null | undefined
  // Kept until the family is known, then for ZIPs only.
  let tail: ZipTail | undefined = new ZipTail()
  const hasMacros = () =>
    (family === 'ole' && OLE_MACROS.some((marker) => search.found.has(marker))) ||
    (!!family && ZIP_FAMILIES.has(family) && ZIP_MACROS.some((marker) => search.found.has(marker)))
  return {
    update(chunk) {
      if (family === undefined) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)])
        if (head.length === HEAD_BYTES) family = sniffFamily(head)
      }
      if (family !== undefined && !(family && ZIP_FAMILIES.has(family))) tail = undefined
      tail?.update(chunk)
      search.update(chunk)
      if (hasMacros()) throw refused()
    },
    finish() {
      if (family === undefined) family = sniffFamily(head)
      if (hasMacros() || family === 'web-page' || family === 'script') throw refused()
      const contentType = contentTypeOf(family, extension)
      if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNKNOWN_MESSAGE)
      if (tail && family && ZIP_FAMILIES.has(family))
        judgeEntries(fileName, tail.directory(), contentType === 'application/zip')
      return contentType
    },
  }
}

/**
 * The name a file is stored, listed and downloaded under: cleaned, and ending in an extension of
 * its type (the type's own is appended otherwise: text named .pdf is served as .pdf.txt). Applied
 * to stored names again when they are served, so rows recorded before a rule changed follow it.
 */
export function fileNameFor(fileName: string, contentType: string) {
  const name = safeFileName(fileName)
  const extensions = EXTENSIONS[contentType] ?? [UNKNOWN_EXTENSION]
  return extensions.includes(extensionOf(name)) ? name : safeFileName(`${name}.${extensions[0]}`)
}

/**
 * The type a file is previewed under (decision 027): PDFs and raster images as they are, text and
 * CSV as UTF-8 plain text, so that a browser shows them and never renders or runs them; undefined
 * for every other type, which is only downloaded.
 */
export function previewContentType(contentType: string) {
  const kind = previewKindOf(contentType)
  if (!kind) return undefined
  return kind === 'text' ? 'text/plain; charset=utf-8' : contentType
}

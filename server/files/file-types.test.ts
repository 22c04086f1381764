import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asZip64, compoundFile, docxPackage, storedZip, zipArchive } from '../test/office-files'
import { AppError } from '../lib/errors'
import { fileNameFor, inspectUpload, refusedByName } from './file-types'
import { HEAD_BYTES } from './sniff'
import { ZIP_DIRECTORY_MAX_BYTES } from './zip-directory'
import { localStorage } from './local-storage'
import type { FileStorage } from './storage'

const REFUSED = /Scripts, web pages, SVG images and macro-enabled Office files are not accepted/
const UNKNOWN = /This type of file is not accepted/

/** The content type the inspector gives after seeing these chunks, in order. */
function inspect(fileName: string, ...chunks: Buffer[]) {
  const inspector = inspectUpload(fileName)
  for (const chunk of chunks) inspector.update(chunk)
  return inspector.finish()
}

/** The same bytes cut into chunks of `size`. */
const chunked = (data: Buffer, size: number) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, i) =>
    data.subarray(i * size, (i + 1) * size),
  )

const text = (value: string) => Buffer.from(value, 'utf8')

describe('refusedByName', () => {
  it('refuses scripts, executables, web pages, SVG and macro-enabled Office by the last extension, any case', () => {
    for (const name of [
      'invoice.hta',
      'run.BAT',
      'page.html',
      'logo.svg',
      'setup.ps1',
      'app.js',
      'book.xlsm',
      'deck.PPTM',
      'doc.docm',
      'x.pdf.exe',
      'link.lnk',
      'go.url',
    ]) {
      const refusal = refusedByName(name)
      expect(refusal, name).toBeInstanceOf(AppError)
      expect(refusal!.statusCode).toBe(415)
      expect(refusal!.message).toMatch(REFUSED)
    }
  })

  it('judges the last extension only; names without one are fine', () => {
    for (const name of ['statement.pdf', 'notes.hta.txt', 'README', 'book.xlsx', 'v1.2'])
      expect(refusedByName(name), name).toBeUndefined()
  })
})

describe('inspectUpload', () => {
  it('recognises the accepted families; the name picks the precise office type', () => {
    expect(inspect('a.pdf', text('%PDF-1.7\n'))).toBe('application/pdf')
    expect(inspect('a', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(inspect('a.csv', text('a,b\n1,2\n'))).toBe('text/csv')
    expect(inspect('a.json', text('{"a": 1}'))).toBe('text/plain')
    expect(
      inspect('a.xml', text('<?xml version="1.0"?>\n<Invoice><Total>1</Total></Invoice>')),
    ).toBe('text/plain')
    expect(inspect('a.doc', compoundFile(['Root Entry', 'WordDocument']))).toBe(
      'application/msword',
    )
  })

  it('refuses web pages and SVG by their bytes, whatever the name', () => {
    for (const page of [
      '<!DOCTYPE html><p>hi',
      '\uFEFF  \n<html lang="en">',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<script>alert(1)</script>',
      '<?xml version="1.0"?>\n<!-- drawn -->\n<svg width="1" height="1"/>',
      '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
      '<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="x.xsl"?>\n<data/>',
      '<div onclick="x()">',
    ])
      expect(() => inspect('notes.txt', text(page)), page).toThrow(REFUSED)
  })

  it('refuses a shebang script, after a BOM or blank lines too', () => {
    expect(() => inspect('notes.txt', text('#!/bin/sh\nrm -rf ~\n'))).toThrow(REFUSED)
    expect(() => inspect('notes.txt', text('\uFEFF\n#!/usr/bin/env python3\n'))).toThrow(REFUSED)
  })

  it('text that only mentions markup or macros is text', () => {
    expect(inspect('notes.txt', text('Use <html> tags; see vbaProject.bin\n'))).toBe('text/plain')
    expect(inspect('data.csv', text('tag,meaning\n<b>,bold\n'))).toBe('text/csv')
  })

  it('refuses a ZIP holding a vbaProject.bin entry, whatever its name, even far past the head', async () => {
    const macro = await zipArchive([
      { name: '[Content_Types].xml', data: text('<Types/>') },
      { name: 'padding.bin', data: randomBytes(HEAD_BYTES * 2) },
      { name: 'xl/vbaProject.bin', data: compoundFile(['Root Entry', 'VBA', '_VBA_PROJECT']) },
    ])
    expect(macro.indexOf('vbaProject.bin')).toBeGreaterThan(HEAD_BYTES)
    for (const name of ['book.xlsx', 'archive.zip', 'data.bin'])
      expect(() => inspect(name, ...chunked(macro, 1000)), name).toThrow(REFUSED)
    const plain = await zipArchive([{ name: 'xl/workbook.xml', data: text('<workbook/>') }])
    expect(inspect('book.xlsx', plain)).toMatch(/spreadsheetml/)
    expect(inspect('archive.zip', plain)).toBe('application/zip')
  })

  it('finds a marker split across two chunks, and stops at the chunk that completes it', async () => {
    const macro = await zipArchive([
      { name: 'padding.bin', data: randomBytes(HEAD_BYTES * 2) },
      { name: 'word/vbaProject.bin', data: text('x') },
    ])
    // The name is in the entry's header and again in the central directory: stop before that one.
    const cut = macro.indexOf('vbaProject.bin') + 'vbaPro'.length
    const inspector = inspectUpload('letter.docx')
    inspector.update(macro.subarray(0, cut))
    expect(() =>
      inspector.update(macro.subarray(cut, macro.lastIndexOf('vbaProject.bin'))),
    ).toThrow(REFUSED)

    const ole = compoundFile(['Root Entry', 'Macros', 'VBA', '_VBA_PROJECT'], HEAD_BYTES * 2)
    const oleCut = ole.indexOf(Buffer.from('_VBA_PROJECT', 'utf16le')) + 7
    expect(() => inspect('letter.doc', ole.subarray(0, oleCut), ole.subarray(oleCut))).toThrow(
      REFUSED,
    )
  })

  it('refuses an OLE file with a VBA project, and one not named as an office document', () => {
    expect(() => inspect('report.doc', compoundFile(['Root Entry', '_VBA_PROJECT_CUR']))).toThrow(
      REFUSED,
    )
    expect(() => inspect('report.xls', compoundFile(['Root Entry', '_vba_project']))).toThrow(
      REFUSED,
    )
    expect(() => inspect('setup.dat', compoundFile(['Root Entry', 'Property']))).toThrow(UNKNOWN)
  })

  it('recognises OpenDocument files by their mimetype entry, and refuses their Basic macros', () => {
    const odt = (extra: Array<{ name: string; data: Buffer }> = []) =>
      storedZip([
        { name: 'mimetype', data: text('application/vnd.oasis.opendocument.text') },
        { name: 'content.xml', data: text('<office:document-content/>') },
        ...extra,
      ])
    expect(inspect('letter.odt', odt())).toBe('application/vnd.oasis.opendocument.text')
    expect(inspect('letter.docx', odt())).toBe('application/vnd.oasis.opendocument.text')
    expect(() =>
      inspect('letter.odt', odt([{ name: 'Basic/script-lc.xml', data: text('<library/>') }])),
    ).toThrow(REFUSED)
  })

  it('an unknown binary stays refused with the general message', () => {
    const exe = Buffer.concat([text('MZ'), Buffer.alloc(100, 0x90)])
    expect(() => inspect('invoice.pdf', exe)).toThrow(UNKNOWN)
  })
})

describe('names inside ZIP archives', () => {
  const file = (name: string) => ({ name, data: text('x') })
  const inside = (archive: string, entry: string) =>
    `${archive} holds "${entry}": scripts, web pages, SVG images and macro-enabled Office files are not accepted, inside archives either`

  it('an archive holding a script, an executable, a page or a macro document → refused, naming it', async () => {
    for (const [entry, shown] of [
      ['invoice.pdf.hta', 'invoice.pdf.hta'],
      ['dir/run.EXE', 'dir/run.EXE'],
      ['a/b/c/setup.msi', 'a/b/c/setup.msi'],
      ['a\\b\\x.exe', 'a/b/x.exe'],
      ['x.exe.', 'x.exe'],
      ['x.bat  ', 'x.bat'],
      ['report.pdf\u202Eexe.scr', 'report.pdfexe.scr'],
      ['page.HTML', 'page.HTML'],
      ['logo.svg', 'logo.svg'],
      ['book.xlsm', 'book.xlsm'],
    ]) {
      const zip = await zipArchive([file('readme.txt'), file(entry!)])
      expect(() => inspect('invoice.zip', ...chunked(zip, 100)), entry).toThrow(
        inside('invoice.zip', shown!),
      )
    }
  })

  it('judges the Unicode path an extractor may prefer to the plain name', () => {
    const unicodePath = (name: string) => {
      const utf8 = Buffer.from(name, 'utf8')
      const field = Buffer.alloc(9)
      field.writeUInt16LE(0x7075, 0)
      field.writeUInt16LE(5 + utf8.length, 2)
      field.writeUInt8(1, 4)
      return Buffer.concat([field, utf8])
    }
    const zip = storedZip([{ name: 'notes.txt', data: text('x'), extra: unicodePath('notes.exe') }])
    expect(() => inspect('archive.zip', zip)).toThrow(inside('archive.zip', 'notes.exe'))
  })

  it('a clean archive, nested folders and all, is a ZIP; so is one with ZIP64 end records', async () => {
    const clean = await zipArchive([
      file('2024/Q1/statement.pdf'),
      file('2024/Q1/'),
      file('notes.hta.txt'),
      file('README'),
    ])
    expect(inspect('statements.zip', ...chunked(clean, 7))).toBe('application/zip')
    expect(inspect('wide.zip', asZip64(storedZip([file('a.pdf'), file('b.csv')])))).toBe(
      'application/zip',
    )
    expect(() => inspect('wide.zip', asZip64(storedZip([file('a.pdf'), file('b.js')])))).toThrow(
      inside('wide.zip', 'b.js'),
    )
  })

  it('the directory is found past megabytes of data, through the kept tail only', async () => {
    const zip = storedZip([
      { name: 'scan.png', data: randomBytes(3 * 1024 * 1024) },
      file('run.cmd'),
    ])
    expect(() => inspect('scans.zip', ...chunked(zip, 64 * 1024))).toThrow(
      inside('scans.zip', 'run.cmd'),
    )
  })

  it('Office and OpenDocument packages: their SVG and page parts are theirs; an executable is not', async () => {
    const docx = await docxPackage([
      { name: 'word/media/image1.svg', data: text('<svg/>') },
      { name: 'word/afchunk.mht', data: text('MIME-Version: 1.0') },
    ])
    expect(inspect('letter.docx', docx)).toMatch(/wordprocessingml/)
    // The same bytes as a plain archive: extracted, the page and the image open in a browser.
    expect(() => inspect('letter.zip', docx)).toThrow(inside('letter.zip', 'word/media/image1.svg'))
    const withProgram = await docxPackage([{ name: 'word/embeddings/run.exe', data: text('MZ') }])
    expect(() => inspect('letter.docx', withProgram)).toThrow(
      inside('letter.docx', 'word/embeddings/run.exe'),
    )
    const odt = storedZip([
      { name: 'mimetype', data: text('application/vnd.oasis.opendocument.text') },
      { name: 'Pictures/logo.svg', data: text('<svg/>') },
      { name: 'Pictures/tool.jar', data: text('x') },
    ])
    expect(() => inspect('letter.odt', odt)).toThrow(inside('letter.odt', 'Pictures/tool.jar'))
  })

  it('a ZIP whose list of contents is missing, cut or inconsistent → refused as unreadable', async () => {
    const zip = await zipArchive([file('a.pdf'), file('b.pdf')])
    const end = zip.length - 22
    const wrongOffset = Buffer.from(zip)
    wrongOffset.writeUInt32LE(zip.readUInt32LE(end + 16) + 1, end + 16)
    const wrongCount = Buffer.from(zip)
    wrongCount.writeUInt16LE(3, end + 10)
    const tooBig = Buffer.from(zip)
    tooBig.writeUInt32LE(zip.readUInt32LE(end + 12) + 100, end + 12)
    for (const [label, bytes] of [
      ['a header and nothing more', Buffer.concat([text('PK\x03\x04'), Buffer.alloc(30)])],
      ['cut before its end', zip.subarray(0, zip.length - 30)],
      ['cut in its end record', zip.subarray(0, zip.length - 5)],
      ['an offset that is not where the directory is', wrongOffset],
      ['an entry count that does not match', wrongCount],
      ['a directory larger than the archive', tooBig],
    ] as const)
      for (const name of ['archive.zip', 'report.docx'])
        expect(() => inspect(name, bytes), `${label} (${name})`).toThrow(
          `${name} cannot be opened: its list of contents is missing or damaged`,
        )
  })

  it('a list of contents over the cap → 413: it is not read', () => {
    const names = Array.from({ length: 9000 }, (_, i) =>
      file(`${String(i).padStart(100, 'f')}.pdf`),
    )
    const zip = storedZip(names)
    expect(zip.length).toBeGreaterThan(ZIP_DIRECTORY_MAX_BYTES)
    const inspector = inspectUpload('many.zip')
    for (const chunk of chunked(zip, 64 * 1024)) inspector.update(chunk)
    expect(() => inspector.finish()).toThrow(
      expect.objectContaining({
        statusCode: 413,
        message:
          'many.zip lists more files than can be checked (its list of contents is over 1 MB): send them in smaller archives',
      }),
    )
  })
})

describe('fileNameFor', () => {
  it('keeps a name whose extension belongs to the type, in any case', () => {
    expect(fileNameFor('statement.pdf', 'application/pdf')).toBe('statement.pdf')
    expect(fileNameFor('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG')
    expect(fileNameFor('server.log', 'text/plain')).toBe('server.log')
  })

  it('appends the type’s own extension otherwise', () => {
    expect(fileNameFor('notes.pdf', 'text/plain')).toBe('notes.pdf.txt')
    expect(fileNameFor('scan.pdf', 'image/png')).toBe('scan.pdf.png')
    expect(fileNameFor('README', 'text/plain')).toBe('README.txt')
    expect(fileNameFor('ledger.txt', 'text/csv')).toBe('ledger.txt.csv')
    expect(fileNameFor('report.docx', 'application/zip')).toBe('report.docx.zip')
  })

  it('cleans names recorded before the rules, and serves types no longer listed as .bin', () => {
    expect(fileNameFor('invoice\u202Efdp.hta', 'text/plain')).toBe('invoicefdp.hta.txt')
    expect(fileNameFor('setup.msi', 'application/x-ole-storage')).toBe('setup.msi.bin')
  })

  it('stays within the length cap, with the appended extension kept', () => {
    const name = fileNameFor(`${'a'.repeat(250)}.pdf`, 'text/plain')
    expect(name).toHaveLength(200)
    expect(name.endsWith('aaa.txt')).toBe(true)
  })
})

describe('through the local storage', () => {
  let dir: string
  let storage: FileStorage
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-storage-'))
    storage = await localStorage(dir)
  })
  afterAll(async () => rm(dir, { recursive: true, force: true }))

  it('every chunk goes through the inspector: a marker split across chunks far in → 415, nothing kept', async () => {
    const ole = compoundFile(['Root Entry', 'VBA', '_VBA_PROJECT'], HEAD_BYTES * 4)
    const cut = ole.indexOf(Buffer.from('_VBA_PROJECT', 'utf16le')) + 5
    const stream = Readable.from([...chunked(ole.subarray(0, cut), 777), ole.subarray(cut)])
    await expect(
      storage.put(stream, { maxBytes: 1 << 20, inspector: inspectUpload('report.doc') }),
    ).rejects.toThrow(REFUSED)
    expect(await readdir(dir)).toEqual([])
  })

  it('an accepted file is stored with the inspector’s type', async () => {
    const data = text('plain text\n')
    const stored = await storage.put(Readable.from([data]), {
      maxBytes: 1 << 20,
      inspector: inspectUpload('notes.pdf'),
    })
    expect(stored).toMatchObject({ size: data.length, contentType: 'text/plain' })
    expect(await readdir(dir)).toEqual([stored.key])
  })
})

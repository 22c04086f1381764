import { crc32 } from 'node:zlib'
import { zipStream, type ZipEntry } from '../files/zip'

/** A ZIP archive (deflated entries) written by the app's own ZIP writer. */
export async function zipArchive(entries: Array<{ name: string; data: Buffer }>) {
  const chunks: Buffer[] = []
  for await (const chunk of zipStream(entries satisfies ZipEntry[], new Date())) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * A ZIP archive with stored (uncompressed) entries, as OpenDocument needs for its first entry,
 * `mimetype`, which names the document's type.
 */
export function storedZip(entries: Array<{ name: string; data: Buffer; extra?: Buffer }>) {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const { name, data, extra = Buffer.alloc(0) } of entries) {
    const nameBytes = Buffer.from(name, 'utf8')
    const crc = crc32(data) >>> 0
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(10, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(10, 4)
    header.writeUInt16LE(10, 6)
    header.writeUInt32LE(crc, 16)
    header.writeUInt32LE(data.length, 20)
    header.writeUInt32LE(data.length, 24)
    header.writeUInt16LE(nameBytes.length, 28)
    header.writeUInt16LE(extra.length, 30) // in the central directory only
    header.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    central.push(header, nameBytes, extra)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/**
 * An OLE compound file (the legacy .doc/.xls/.ppt and .msi container) whose directory, after
 * `padding` bytes of sectors, names these storages and streams: 128-byte entries with UTF-16 names.
 */
export function compoundFile(names: string[], padding = 0) {
  const header = Buffer.alloc(512)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header)
  header.writeUInt16LE(0x3e, 24) // minor version
  header.writeUInt16LE(3, 26) // major version: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28) // little-endian
  header.writeUInt16LE(9, 30) // sector shift
  const sectors = Buffer.alloc(padding, 0x11)
  const directory = names.map((name, index) => {
    const entry = Buffer.alloc(128)
    const utf16 = Buffer.from(name, 'utf16le')
    utf16.copy(entry)
    entry.writeUInt16LE(utf16.length + 2, 64)
    entry.writeUInt8(index === 0 ? 5 : 1, 66) // root, then storages
    return entry
  })
  return Buffer.concat([header, sectors, ...directory])
}

/** The same archive with ZIP64 end records (as some writers always add): the classic one says 0xFFFF… */
export function asZip64(zip: Buffer) {
  const end = zip.length - 22
  const record = Buffer.alloc(56)
  record.writeUInt32LE(0x06064b50, 0)
  record.writeBigUInt64LE(44n, 4)
  record.writeUInt16LE(45, 12)
  record.writeUInt16LE(45, 14)
  record.writeBigUInt64LE(BigInt(zip.readUInt16LE(end + 8)), 24)
  record.writeBigUInt64LE(BigInt(zip.readUInt16LE(end + 10)), 32)
  record.writeBigUInt64LE(BigInt(zip.readUInt32LE(end + 12)), 40)
  record.writeBigUInt64LE(BigInt(zip.readUInt32LE(end + 16)), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(end), 8)
  locator.writeUInt32LE(1, 16)
  const classic = Buffer.from(zip.subarray(end))
  classic.writeUInt16LE(0xffff, 8)
  classic.writeUInt16LE(0xffff, 10)
  classic.writeUInt32LE(0xffff_ffff, 12)
  classic.writeUInt32LE(0xffff_ffff, 16)
  return Buffer.concat([zip.subarray(0, end), record, locator, classic])
}

/** A minimal .docx: its content types, a document, and whatever `parts` add. */
export function docxPackage(parts: Array<{ name: string; data: Buffer }> = []) {
  return zipArchive([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: '_rels/.rels', data: Buffer.from('<Relationships/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ...parts,
  ])
}
